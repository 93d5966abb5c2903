#!/bin/bash
# must fail req-4: node1's chrony gets a bare `allow` (every client) instead of `allow 10.100.0.0/24`, so it serves time to any network, the management one included
# rhel family, written, NOT validated: the same mistake as wrong-allow-all.sh, in EL's chrony layout;
# firewalld admits NTP from the private network as in solution.rhel.sh, so only chrony's allow differs
set -euo pipefail
. ./chrony-parts.sh
. ./el-chrony.sh
no_default_sources_el
chrony_confdir_el
case "$NODE" in
  node1)
    cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the network
local stratum 8
allow
CONF
    ntp_firewalld ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chronyd.service
if [ "$NODE" = node2 ]; then
  for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && break; sleep 2; done
  chronyc -n sources
fi
