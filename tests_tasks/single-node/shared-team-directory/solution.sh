#!/bin/bash
# Reference solution: /srv/analysis and everything in it belongs to the group analysts with
# read-write access for it (an ACL entry) and none for others; every directory carries the same
# entries as its default ACL, which new files and subdirectories inherit whatever the creator's
# umask (a default ACL replaces the umask), and setgid, so they also belong to analysts. The
# entry names the group, so members who join later are covered; nothing outside changes.
set -euo pipefail
. tasklib/install-pkgs.sh
command -v setfacl >/dev/null || install_pkgs acl
D=/srv/analysis
chgrp -R analysts "$D"
chmod -R g+rwX,o-rwx "$D"
find "$D" -type d -exec chmod g+s {} +
setfacl -R -m g:analysts:rwX,o::--- "$D"
find "$D" -type d -exec setfacl -d -m u::rwx,g::rwx,g:analysts:rwx,o::--- {} +
getfacl -R -p "$D"
