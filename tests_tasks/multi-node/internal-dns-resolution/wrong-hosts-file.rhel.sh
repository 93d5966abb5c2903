#!/bin/bash
# must fail req-1: the DNS server on node1 is right, but node2 gets the three names in its own /etc/hosts instead of using node1 as its resolver, so the zone is maintained in two places
# rhel family, written, NOT validated: the same mistake as wrong-hosts-file.sh; node1 as in
# solution.rhel.sh (dnsmasq from AppStream, DNS admitted by firewalld from the private network)
set -euo pipefail
. ./corp-zone.sh
. ./el-dns.sh
case "$NODE" in
  node1)
    rpm -q dnsmasq >/dev/null 2>&1 || dnf -y -q install dnsmasq
    corp_zone_conf
    dns_firewalld
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
