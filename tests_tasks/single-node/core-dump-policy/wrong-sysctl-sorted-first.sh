#!/bin/bash
# must fail req-1, req-2, req-3: the right settings in a sysctl.d file that sorts before the others (10- < 50-coredump.conf < 60-debug-cores.conf), applied alone; at boot the later files win: systemd-coredump's pattern and suid_dumpable=2 are back
set -euo pipefail
. ./core-layers.sh
rm -f /var/lib/systemd/coredump/core.*
sysctl_file /etc/sysctl.d/10-no-core-dumps.conf "kernel.core_pattern = |/bin/false" "fs.suid_dumpable = 0"
