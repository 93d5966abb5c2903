#!/bin/bash
# must fail req-2: THP is switched off now and again at every boot by systemd-tmpfiles, but the kernel command line never gets transparent_hugepage=never (THP is on until tmpfiles runs)
set -euo pipefail
cat > /etc/tmpfiles.d/thp.conf <<'CONF'
# transparent huge pages off (database vendor requirement)
w /sys/kernel/mm/transparent_hugepage/enabled - - - - never
w /sys/kernel/mm/transparent_hugepage/defrag - - - - never
CONF
systemd-tmpfiles --create /etc/tmpfiles.d/thp.conf
cat /sys/kernel/mm/transparent_hugepage/enabled
