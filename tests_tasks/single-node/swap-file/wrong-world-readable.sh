#!/bin/bash
# must fail req-2: the file keeps the mode dd gives it under the usual umask 022 (0644): swapon only warns, and every account can read the swapped-out memory
set -euo pipefail
. ./swapfile.sh
make_swapfile
grep -qE '^/swapfile[[:space:]]' /etc/fstab || echo '/swapfile none swap sw 0 0' >> /etc/fstab
swappiness_at_boot
swapon --show
