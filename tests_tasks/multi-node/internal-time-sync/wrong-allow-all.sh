#!/bin/bash
# must fail req-4: node1's chrony gets a bare `allow` (every client) instead of `allow 10.100.0.0/24`, so it serves time to any network, the management one included
set -euo pipefail
. ./chrony-parts.sh
no_default_sources
case "$NODE" in
  node1)
    cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the network
local stratum 8
allow
CONF
    ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chrony.service
if [ "$NODE" = node2 ]; then
  for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && break; sleep 2; done
  chronyc -n sources
fi
