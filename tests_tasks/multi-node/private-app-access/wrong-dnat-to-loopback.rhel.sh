#!/bin/bash
# must fail req-1: the app is left on 127.0.0.1 and connections to node1's private address are DNATed to 127.0.0.1:8080, but without route_localnet the kernel drops packets routed to a loopback address from eth1, so node2 gets no answer
# rhel family, written, NOT validated: the same mistake; firewalld (on here) admits tcp/8080 from the
# private network as in solution.rhel.sh, so only the DNAT to loopback differs (nft is there as
# firewalld's backend)
set -euo pipefail
. ./inventory.sh
. ./inventory-firewalld.sh
case "$NODE" in
  node1)
    inventory_firewalld
    nft add table ip inventory_nat
    nft 'add chain ip inventory_nat prerouting { type nat hook prerouting priority -100; }'
    nft add rule ip inventory_nat prerouting ip daddr "$OB_ADDR_NODE1_PRIV" tcp dport 8080 dnat to 127.0.0.1:8080
    nft list table ip inventory_nat
    curl -sf http://127.0.0.1:8080/ >/dev/null ;;
  node2)
    inventory_name
    getent hosts inventory.internal ;;
esac
