#!/bin/bash
# must fail req-1: the swap file is made and turned on by hand, with no fstab entry (or unit) to turn it on at boot: node1 comes back from the reboot without swap
set -euo pipefail
. ./swapfile.sh
(umask 077; make_swapfile)
swappiness_at_boot
swapon --show
