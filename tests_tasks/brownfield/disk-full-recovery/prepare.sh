#!/bin/bash
# Starting condition: the root filesystem ≥ 95% full, mostly old rotated logs and a stale
# cache export (fallocate: instant, nothing written), plus application data that must survive.
set -euo pipefail
id myapp >/dev/null 2>&1 || useradd --system --create-home --home-dir /srv/myapp --shell /usr/sbin/nologin myapp
install -d -o myapp -g myapp /srv/myapp/data /var/log/myapp /var/cache/myapp
seq 1 200000 | sed 's/^/record-/' > /srv/myapp/data/records.db      # deterministic: the check knows its hash
printf 'customer=acme\nplan=gold\n' > /srv/myapp/data/settings.conf
chown -R myapp:myapp /srv/myapp/data
printf '%s app started\n' "$(date -Is)" > /var/log/myapp/app.log
chown myapp:myapp /var/log/myapp/app.log
avail_kb=$(df -Pk / | awk 'NR==2 {print $4}')
size_kb=$(df -Pk / | awk 'NR==2 {print $2}')
target_free_kb=$(( size_kb * 3 / 100 ))                                  # leave ~3% free
fill_kb=$(( avail_kb - target_free_kb ))
[ "$fill_kb" -gt 0 ]
per=$(( fill_kb / 6 ))
for i in 1 2 3 4 5; do fallocate -l "${per}K" "/var/log/myapp/app.log.$i"; done
fallocate -l "${per}K" /var/cache/myapp/export-old.bin
chown myapp:myapp /var/log/myapp/app.log.* /var/cache/myapp/export-old.bin
# baseline: the condition the agent must repair is really there
used=$(df -P / | awk 'NR==2 {sub("%","",$5); print $5}')
[ "$used" -ge 95 ] || { echo "root filesystem only ${used}% used" >&2; exit 1; }
! runuser -u myapp -- fallocate -l 1G /srv/myapp/data/probe 2>/dev/null
rm -f /srv/myapp/data/probe
