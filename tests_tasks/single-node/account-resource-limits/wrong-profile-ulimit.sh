#!/bin/bash
# must fail req-1, req-2: the limits are set with ulimit in /etc/profile.d, which only login shells read; a session PAM opens without one (su without -, cron, ssh with a command) is not limited
set -euo pipefail
cat > /etc/profile.d/batch-limits.sh <<'SH'
# ETL jobs (group batch): no fork bombs, no runaway file handles
if id -nG 2>/dev/null | tr ' ' '\n' | grep -qx batch; then
  ulimit -u 40 2>/dev/null
  ulimit -n 2048 2>/dev/null
fi
SH
chmod 644 /etc/profile.d/batch-limits.sh
su - etl1 -c 'ulimit -Su -Hu -Sn -Hn'
