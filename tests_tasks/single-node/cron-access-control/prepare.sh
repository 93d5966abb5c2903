#!/bin/bash
# Starting condition: four users, no cron.allow/cron.deny (everyone may use crontab); alice has
# a crontab with a job appending to ~/heartbeat.log every minute; cron is running.
set -euo pipefail
for u in alice bob mallory dave; do
  id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"
done
rm -f /etc/cron.allow /etc/cron.deny
su - alice -c 'printf "%s\n" "# heartbeat for the monitoring" "* * * * * date +\%FT\%T >> \$HOME/heartbeat.log" | crontab -'
su - alice -c 'crontab -l'
systemctl enable --now cron.service
systemctl is-active cron.service
