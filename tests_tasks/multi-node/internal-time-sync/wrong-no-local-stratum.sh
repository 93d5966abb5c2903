#!/bin/bash
# must fail req-1, req-2: node1 allows the private network but has no `local stratum`, so with no upstream it never synchronises and answers only as an unsynchronised server (stratum 0, leap 3), which node2 will not select
set -euo pipefail
. ./chrony-parts.sh
no_default_sources
case "$NODE" in
  node1)
    cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the private network
allow 10.100.0.0/24
CONF
    ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chrony.service
if [ "$NODE" = node2 ]; then
  sleep 10
  chronyc -n sources
fi
