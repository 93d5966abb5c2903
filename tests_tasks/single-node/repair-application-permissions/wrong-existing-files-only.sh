#!/bin/bash
# must fail req-4: everything handed to notes and the two notes there made 0600, but /var/lib/notes stays world-readable (0755) and the app writes with umask 022, so every note stored from now on is readable by anyone
set -euo pipefail
chown -R notes:notes /opt/notes /etc/notes /var/lib/notes /var/log/notes
chmod 0600 /etc/notes/secret.key
chmod 0600 /var/lib/notes/*.txt
ls -la /etc/notes /var/lib/notes
systemctl reset-failed notes.service || true
systemctl restart notes.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8400/health >/dev/null && exit 0; sleep 0.2; done
journalctl -u notes.service --no-pager | tail -5
exit 1
