#!/bin/bash
# Reference solution: node1 serves its local clock (local stratum) to 10.100.0.0/24 only;
# node2 uses node1 as its only source.
set -euo pipefail
conf=/etc/chrony/chrony.conf
sed -i -E 's/^(pool|server|peer|sourcedir) /#&/' "$conf"
case "$NODE" in
  node1)
    cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the private network
local stratum 8
allow 10.100.0.0/24
CONF
    ;;
  node2)
    cat > /etc/chrony/conf.d/ob-client.conf <<CONF
# only node1
server $OB_ADDR_NODE1_PRIV iburst minpoll 4 maxpoll 6
CONF
    ;;
esac
systemctl restart chrony.service
if [ "$NODE" = node2 ]; then
  for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && exit 0; sleep 2; done
  chronyc -n sources; echo "node2 did not select node1" >&2; exit 1
fi
