#!/bin/bash
# must fail req-3: the group's access and default ACLs are right, but the directory stays 2775 and the files and the defaults keep read access for others, so anyone on node1 can list the folder and read the analyses
set -euo pipefail
. tasklib/install-pkgs.sh
command -v setfacl >/dev/null || install_pkgs acl
D=/srv/analysis
chgrp -R analysts "$D"
find "$D" -type d -exec chmod g+s {} +
setfacl -R -m g:analysts:rwX "$D"
find "$D" -type d -exec setfacl -d -m g:analysts:rwX {} +
getfacl -R -p "$D"
