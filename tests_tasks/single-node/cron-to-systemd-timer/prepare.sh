#!/bin/bash
# Starting condition: the reports team's /etc/cron.d/reports runs the nightly report at 03:15 as
# root (its script reads REPORT_DIR, which the cron file sets) and prunes old reports on Sundays;
# cron running; two earlier reports. No systemd unit for the job.
set -euo pipefail
install -d -m 0755 /var/lib/reports
cat > /usr/local/bin/nightly-report <<'SH'
#!/bin/sh
# nightly-report: a summary of this machine's state in $REPORT_DIR/report-YYYY-MM-DD.txt
set -eu
: "${REPORT_DIR:?REPORT_DIR is not set}"
out="$REPORT_DIR/report-$(date +%F).txt"
{
  echo "nightly report for $(hostname), $(date -Iseconds)"
  uptime
  df -h /
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "report written to $out"
SH
chmod 0755 /usr/local/bin/nightly-report
cat > /etc/cron.d/reports <<'CRON'
# Reports team jobs
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin
MAILTO=""
REPORT_DIR=/var/lib/reports

# nightly report
15 3 * * * root /usr/local/bin/nightly-report
# prune reports older than 30 days, Sundays
30 4 * * 0 root find /var/lib/reports -name 'report-*.txt' -mtime +30 -delete
CRON
chmod 0644 /etc/cron.d/reports
for days in 2 1; do
  day=$(date -d "$days days ago" +%F)
  echo "nightly report for $(hostname), $day 03:15" > "/var/lib/reports/report-$day.txt"
  touch -d "$day 03:15:01" "/var/lib/reports/report-$day.txt"
done
systemctl enable --now cron
