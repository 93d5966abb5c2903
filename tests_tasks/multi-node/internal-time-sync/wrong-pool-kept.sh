#!/bin/bash
# must fail req-3: node2 gets node1 as a preferred server in conf.d, but Debian's `pool 2.debian.pool.ntp.org` stays in chrony.conf; it only goes unseen in `chronyc sources` because the name does not resolve here, and node2 takes public time as soon as it does
set -euo pipefail
. ./chrony-parts.sh
case "$NODE" in
  node1)
    no_default_sources
    time_server_conf
    systemctl restart chrony.service ;;
  node2)
    cat > /etc/chrony/conf.d/ob-client.conf <<CONF
# node1 is our time server
server $OB_ADDR_NODE1_PRIV iburst prefer minpoll 4 maxpoll 6
CONF
    systemctl restart chrony.service
    for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && break; sleep 2; done
    chronyc -n sources ;;
esac
