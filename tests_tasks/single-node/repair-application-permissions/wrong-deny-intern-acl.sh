#!/bin/bash
# must fail req-4: the notes are shut to intern by name (an ACL entry), not to other users: they stay world-readable for every other local account
set -euo pipefail
command -v setfacl >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends acl >/dev/null \
  || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends acl >/dev/null; }
chmod 0755 /opt/notes/app.py
chown -R notes:notes /etc/notes /var/lib/notes /var/log/notes
chmod 0755 /etc/notes
chmod 0600 /etc/notes/secret.key
setfacl -R -m u:intern:--- /etc/notes /var/lib/notes /var/log/notes
getfacl -R /var/lib/notes
systemctl reset-failed notes.service || true
systemctl restart notes.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8400/health >/dev/null && exit 0; sleep 0.2; done
journalctl -u notes.service --no-pager | tail -5
exit 1
