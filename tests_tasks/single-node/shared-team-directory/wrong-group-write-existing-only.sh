#!/bin/bash
# must fail req-1, req-2: setgid and group write on what is there, but a member's new file still gets mode 644 from their umask, so the others cannot edit it
set -euo pipefail
D=/srv/analysis
chgrp -R analysts "$D"
find "$D" -type d -exec chmod 2770 {} +
find "$D" -type f -exec chmod 660 {} +
ls -laR "$D"
