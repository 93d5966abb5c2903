#!/bin/bash
# Starting condition: the site's logging policy drop-in keeps the journal in memory
# (Storage=volatile) and keeps debug messages out of it (MaxLevelStore=info); journald runs with
# it, there is no /var/log/journal, and this boot never flushed to /var (as after booting with
# that policy: without the flag, a journald restarted later stays in /run until a flush).
set -euo pipefail
install -d /etc/systemd/journald.conf.d
cat > /etc/systemd/journald.conf.d/site-logging.conf <<'CONF'
# Site logging policy for application servers (ops team)
[Journal]
Storage=volatile
MaxLevelStore=info
CONF
systemctl restart systemd-journald
rm -rf /var/log/journal
rm -f /run/systemd/journal/flushed
