#!/bin/bash
# Reference solution: /swapfile created under umask 077 (mode 0600 before any page lands in it),
# an fstab entry so that it is turned on at boot, swappiness from /etc/sysctl.d.
set -euo pipefail
. ./swapfile.sh
(umask 077; make_swapfile)
grep -qE '^/swapfile[[:space:]]' /etc/fstab || echo '/swapfile none swap sw 0 0' >> /etc/fstab
swappiness_at_boot
ls -l /swapfile
swapon --show
