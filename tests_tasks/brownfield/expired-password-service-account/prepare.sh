#!/bin/bash
# Starting condition: the company's 90-day password policy (PASS_MAX_DAYS 90 in login.defs) also
# caught the service account reportsync: no password ("!"), but a last change in January 2024
# and a 90-day maximum, so its password is long expired. pam_unix's account check then answers
# "new password required" to cron (the job is refused) and to sshd (a key login without a
# terminal is disconnected: "password change required but no TTY"). alice and bob are people
# under the policy.
set -euo pipefail
sed -i -E 's/^PASS_MAX_DAYS\s.*/PASS_MAX_DAYS\t90/; s/^PASS_WARN_AGE\s.*/PASS_WARN_AGE\t14/' /etc/login.defs
grep -q '^PASS_MAX_DAYS' /etc/login.defs || printf 'PASS_MAX_DAYS\t90\n' >> /etc/login.defs
for u in alice bob; do
  id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"
  echo "$u:$(head -c 18 /dev/urandom | base64)" | chpasswd
done
chage -d "$(date -u -d '20 days ago' +%F)" -M 90 -W 14 alice
chage -d "$(date -u -d '75 days ago' +%F)" -M 90 -W 14 bob

id reportsync >/dev/null 2>&1 || useradd --create-home --home-dir /var/lib/reportsync --shell /bin/bash reportsync
usermod -p '!' reportsync
chage -d 2024-01-15 -M 90 -W 14 -I -1 -E -1 reportsync
install -d -m 700 -o reportsync -g reportsync /var/lib/reportsync/.ssh
cat > /var/lib/reportsync/.ssh/authorized_keys <<'KEYS'
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIElzqzLxAWd/DMXVOltO8LwuH+V1RtqWT5lzOdSjnikZ reports-server@corp
KEYS
chown reportsync:reportsync /var/lib/reportsync/.ssh/authorized_keys
chmod 600 /var/lib/reportsync/.ssh/authorized_keys

install -d /srv/reports
printf 'region,orders\nnorth,1200\nsouth,980\n' > /srv/reports/orders.csv
printf 'team,tickets\nops,31\nnet,12\n' > /srv/reports/tickets.csv
cat > /usr/local/bin/report-sync <<'SH'
#!/bin/sh
# report-sync: stages the reports for the reports server, which collects them over SSH.
set -eu
install -d /var/lib/reportsync/outbox
cp -p /srv/reports/*.csv /var/lib/reportsync/outbox/
date -u +%FT%TZ > /var/lib/reportsync/last-sync
SH
chmod 755 /usr/local/bin/report-sync
cat > /etc/cron.d/reportsync <<'CRON'
# stage the reports for the reports server (RPT-12)
* * * * * reportsync /usr/local/bin/report-sync
CRON
chmod 644 /etc/cron.d/reportsync
systemctl enable --now cron.service >/dev/null 2>&1 || true
# the account is expired as far as PAM is concerned
chage -l reportsync | grep -q '^Password expires.*2024'
