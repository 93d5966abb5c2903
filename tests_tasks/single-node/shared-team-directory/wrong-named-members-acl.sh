#!/bin/bash
# must fail req-2: the ACLs name alice and bob instead of the group, so whoever joins analysts later gets no access to the files (the owning groups stay as they were)
set -euo pipefail
. tasklib/install-pkgs.sh
command -v setfacl >/dev/null || install_pkgs acl
D=/srv/analysis
setfacl -R -m u:alice:rwX,u:bob:rwX,o::--- "$D"
find "$D" -type d -exec setfacl -d -m u:alice:rwX,u:bob:rwX,o::--- {} +
getfacl -R -p "$D"
