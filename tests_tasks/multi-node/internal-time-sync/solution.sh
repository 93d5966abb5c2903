#!/bin/bash
# Reference solution: node1 serves its local clock (local stratum) to 10.100.0.0/24 only;
# node2 uses node1 as its only source.
set -euo pipefail
. ./chrony-parts.sh
no_default_sources
case "$NODE" in
  node1)
    time_server_conf ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chrony.service
if [ "$NODE" = node2 ]; then
  for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && exit 0; sleep 2; done
  chronyc -n sources; echo "node2 did not select node1" >&2; exit 1
fi
