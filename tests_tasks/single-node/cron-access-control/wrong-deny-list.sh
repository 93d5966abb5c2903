#!/bin/bash
# must fail req-3: mallory and dave are put in /etc/cron.deny instead of allowing alice and bob in /etc/cron.allow, so an account created later may use crontab
set -euo pipefail
printf 'mallory\ndave\n' > /etc/cron.deny
chown root:crontab /etc/cron.deny
chmod 640 /etc/cron.deny
su - mallory -c 'crontab -l' || true
su - alice -c 'crontab -l'
