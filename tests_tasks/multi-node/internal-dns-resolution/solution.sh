#!/bin/bash
# Reference solution: dnsmasq on node1 (priv interface only, authoritative-ish local zone);
# node2's resolver points at node1.
set -euo pipefail
. ./corp-zone.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s dnsmasq >/dev/null 2>&1 || apt-get install -y --no-install-recommends dnsmasq
    corp_zone_conf
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q "$OB_ADDR_NODE1_PRIV" && exit 0; sleep 0.2; done
    echo "dnsmasq does not listen on the private address" >&2; exit 1 ;;
  node2)
    resolve_with_node1
    for i in $(seq 1 50); do getent hosts app.corp.internal && exit 0; sleep 0.2; done
    exit 1 ;;
esac
