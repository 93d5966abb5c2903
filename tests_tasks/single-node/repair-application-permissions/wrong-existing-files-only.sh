#!/bin/bash
# must fail req-4: everything handed to notes and the two notes there made 0600, but /var/lib/notes stays world-readable (0755) and the app writes with umask 022, so every note stored from now on is readable by anyone
set -euo pipefail
. ./notes.sh
chown -R notes:notes /opt/notes /etc/notes /var/lib/notes /var/log/notes
chmod 0600 /etc/notes/secret.key
chmod 0600 /var/lib/notes/*.txt
ls -la /etc/notes /var/lib/notes
notes_restarted
