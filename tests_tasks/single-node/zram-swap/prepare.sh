#!/bin/bash
# Starting condition: no swap at all (the guest image has none; make sure of it) and no zram.
set -euo pipefail
swapoff -a || true
if [ -e /sys/block/zram0 ]; then modprobe -r zram 2>/dev/null || true; fi
find /lib/modules/"$(uname -r)" -name 'zram.ko*' | grep -q . || { echo "this kernel ships no zram module" >&2; exit 1; }
