#!/bin/bash
# Reference solution: /etc/cron.allow naming alice and bob. When it exists, crontab refuses
# every user not listed in it (root excepted); cron.deny is then not consulted.
set -euo pipefail
printf 'alice\nbob\n' > /etc/cron.allow
chown root:crontab /etc/cron.allow
chmod 640 /etc/cron.allow
su - mallory -c 'crontab -l' || true
su - alice -c 'crontab -l'
