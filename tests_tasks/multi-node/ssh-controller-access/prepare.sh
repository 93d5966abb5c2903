#!/bin/bash
# Starting condition: ops exists on node1 only (no key); node2 runs webapp.
set -euo pipefail
. tasklib/static-site.sh
case "$NODE" in
  node1)
    id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops ;;
  node2)
    static_site webapp 8080 /srv/webapp "Web application" "webapp ok" 127.0.0.1 ;;
esac
