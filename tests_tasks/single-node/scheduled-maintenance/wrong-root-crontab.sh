#!/bin/bash
# must fail req-2: the job goes into root's own crontab (crontab -e in the root shell the agent works in), so it runs as root, not as metrics
set -euo pipefail
install -d -m 0755 /var/log/queue-stats
line='* * * * * /usr/local/bin/queue-stats >> /var/log/queue-stats/queue-stats.log 2>&1'
{ crontab -l 2>/dev/null | grep -vF /usr/local/bin/queue-stats || true; echo "$line"; } | crontab -
crontab -l
