#!/bin/bash
# Reference solution (rhel family), NOT validated: as solution.sh (every node reconfigured as a
# member of one static three-member cluster in /etc/default/etcd, the stock data dropped, a drop-in
# that restarts it; steps run node1, node2, node3, node3 waits for the healthy cluster), plus
# firewalld, which is on here: the three nodes' priv addresses may reach 2379 and 2380, permanently.
set -euo pipefail
. tasklib/etcd.sh
# firewalld (on in these images) blocks etcd's ports: the three members' priv addresses may reach
# the client and peer ports, permanently; nothing else is opened
etcd_firewall_members "$OB_ADDR_NODE1_PRIV" "$OB_ADDR_NODE2_PRIV" "$OB_ADDR_NODE3_PRIV"
. ./reference.sh
