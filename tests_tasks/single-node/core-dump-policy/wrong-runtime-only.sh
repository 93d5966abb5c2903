#!/bin/bash
# must fail req-1, req-2, req-3: the core pattern and suid_dumpable are set on the running kernel only; at boot systemd-coredump's pattern and the leftover suid_dumpable=2 are back
set -euo pipefail
rm -f /var/lib/systemd/coredump/core.*
sysctl -w 'kernel.core_pattern=|/bin/false' fs.suid_dumpable=0
