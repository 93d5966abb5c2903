#!/bin/bash
# must fail req-3: the permissions are repaired as in the reference, but the secret key, world-readable since the restore, is "rotated" to a new one although it had to be kept
set -euo pipefail
chown -R root:root /opt/notes
chmod 0755 /opt/notes
chmod 0644 /opt/notes/app.py
echo "nk-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')" > /etc/notes/secret.key
chown root:notes /etc/notes /etc/notes/notes.conf /etc/notes/secret.key
chmod 0750 /etc/notes
chmod 0640 /etc/notes/notes.conf /etc/notes/secret.key
chown -R notes:notes /var/lib/notes /var/log/notes
chmod 0750 /var/lib/notes /var/log/notes
find /var/lib/notes /var/log/notes -type f -exec chmod 0640 {} +
systemctl reset-failed notes.service || true
systemctl restart notes.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8400/health >/dev/null && exit 0; sleep 0.2; done
journalctl -u notes.service --no-pager | tail -5
exit 1
