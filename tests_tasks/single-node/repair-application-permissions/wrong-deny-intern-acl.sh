#!/bin/bash
# must fail req-4: the notes are shut to intern by name (an ACL entry), not to other users: they stay world-readable for every other local account
set -euo pipefail
. ./notes.sh
command -v setfacl >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends acl >/dev/null \
  || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends acl >/dev/null; }
chmod 0755 /opt/notes/app.py
chown -R notes:notes /etc/notes /var/lib/notes /var/log/notes
chmod 0755 /etc/notes
chmod 0600 /etc/notes/secret.key
setfacl -R -m u:intern:--- /etc/notes /var/lib/notes /var/log/notes
getfacl -R /var/lib/notes
notes_restarted
