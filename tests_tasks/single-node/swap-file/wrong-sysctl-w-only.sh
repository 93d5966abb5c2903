#!/bin/bash
# must fail req-3: swappiness is set with sysctl -w only, which lasts until the next boot: after the reboot it is the kernel's default 60 again
set -euo pipefail
. ./swapfile.sh
(umask 077; make_swapfile)
grep -qE '^/swapfile[[:space:]]' /etc/fstab || echo '/swapfile none swap sw 0 0' >> /etc/fstab
sysctl -w vm.swappiness=10
swapon --show
