#!/bin/bash
# must fail req-1, req-2: `ulimit -c 0` in the login profile only; sessions without a login shell and services never read it, root lifts it, and systemd-coredump, still the kernel's handler, stores dumps whatever the limit
set -euo pipefail
. ./core-layers.sh
rm -f /var/lib/systemd/coredump/core.*
echo 'ulimit -c 0' > /etc/profile.d/no-core-dumps.sh
sysctl_file /etc/sysctl.d/99-no-core-dumps.conf "fs.suid_dumpable = 0"
