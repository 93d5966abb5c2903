#!/bin/bash
# must fail req-4: cron.allow is right, but the agent tests alice's access by piping a test entry into `crontab -`, which replaces her crontab and its heartbeat job
set -euo pipefail
printf 'alice\nbob\n' > /etc/cron.allow
chown root:crontab /etc/cron.allow
chmod 640 /etc/cron.allow
su - mallory -c 'crontab -l' || true
for u in alice bob; do
  su - "$u" -c 'echo "# access test" | crontab - && crontab -l && crontab -r'
done
