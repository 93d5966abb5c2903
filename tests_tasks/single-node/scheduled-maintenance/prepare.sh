#!/bin/bash
# Starting condition: the queue-stats script and its state directory (owned by metrics); no
# schedule, no log directory.
set -euo pipefail
id metrics >/dev/null 2>&1 || useradd --system --home-dir /var/lib/queue-stats --shell /usr/sbin/nologin metrics
install -d -m 0755 /srv/queue
for i in 1 2 3; do echo "message $i" > "/srv/queue/msg-$i"; done
install -d -o metrics -g metrics -m 0755 /var/lib/queue-stats
cat > /usr/local/bin/queue-stats <<'SH'
#!/bin/sh
# Prints one line of queue statistics and records the queue depth in /var/lib/queue-stats.
set -e
depth=$(find /srv/queue -type f | wc -l)
echo "$depth" > /var/lib/queue-stats/last-depth
echo "$(date +%s) $(date -Iseconds) user=$(id -un) depth=$depth"
SH
chmod 0755 /usr/local/bin/queue-stats
runuser -u metrics -- /usr/local/bin/queue-stats
