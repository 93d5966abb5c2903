#!/bin/bash
# must fail req-4: the fstab line is written with `tee` instead of `tee -a`, which replaces /etc/fstab: after the reboot the data volume is no longer mounted on /srv/appdata
set -euo pipefail
. ./swapfile.sh
(umask 077; make_swapfile)
echo '/swapfile none swap sw 0 0' | tee /etc/fstab
swappiness_at_boot
swapon --show
