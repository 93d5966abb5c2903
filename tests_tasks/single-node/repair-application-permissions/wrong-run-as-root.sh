#!/bin/bash
# must fail req-2: instead of repairing ownership, a drop-in runs the service as root (which can read and write the root-owned files); the data is closed to others, but the app no longer runs as its own account
set -euo pipefail
. ./notes.sh
install -d /etc/systemd/system/notes.service.d
printf '[Service]\nUser=root\nGroup=root\n' > /etc/systemd/system/notes.service.d/override.conf
chmod 0600 /etc/notes/secret.key /var/lib/notes/*.txt
chmod 0700 /var/lib/notes /var/log/notes
chmod 0755 /opt/notes/app.py
systemctl daemon-reload
notes_restarted
