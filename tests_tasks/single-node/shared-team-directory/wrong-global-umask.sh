#!/bin/bash
# must fail req-4: setgid and group write as in a textbook, made to last with a umask of 002 for every session on node1 (pam_umask), so the members' new files everywhere, their home directories included, become group-writable
set -euo pipefail
D=/srv/analysis
chgrp -R analysts "$D"
find "$D" -type d -exec chmod 2770 {} +
find "$D" -type f -exec chmod 660 {} +
grep -q 'pam_umask.so umask=0002' /etc/pam.d/common-session \
  || echo 'session optional pam_umask.so umask=0002' >> /etc/pam.d/common-session
su - alice -c umask
