#!/bin/bash
# must fail req-1: the DNS server on node1 is right, but node2 gets the three names in its own /etc/hosts instead of using node1 as its resolver, so the zone is maintained in two places
set -euo pipefail
. ./corp-zone.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s dnsmasq >/dev/null 2>&1 || apt-get install -y --no-install-recommends dnsmasq
    corp_zone_conf
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q "$OB_ADDR_NODE1_PRIV" && break; sleep 0.2; done ;;
  node2)
    sed -i '/corp\.internal/d' /etc/hosts
    cat >> /etc/hosts <<'HOSTS'
10.100.0.11 ns1.corp.internal ns1
10.100.0.12 app.corp.internal app
10.100.0.40 db.corp.internal db
HOSTS
    getent hosts app.corp.internal ;;
esac
