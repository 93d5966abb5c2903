#!/bin/bash
# Reference solution: /srv/drop root:reports with mode 3770 (sticky: only a file's owner may
# delete/rename it; setgid: new entries inherit the reports group; no access for others).
# The users' umask (022) already leaves new files group-readable.
set -euo pipefail
chown root:reports /srv/drop
chmod 3770 /srv/drop
chgrp reports /srv/drop/* 2>/dev/null || true
chmod g+r /srv/drop/* 2>/dev/null || true
ls -la /srv/drop
