#!/bin/bash
# must fail req-4: the names are given to dnsmasq with address=/name/ip, which answers for every name below them too, so made-up names such as nosuchhost.app.corp.internal resolve
# rhel family, written, NOT validated: the same mistake as wrong-address-wildcard.sh; firewalld and
# node2's resolver as in solution.rhel.sh, so only the address= lines differ
set -euo pipefail
. ./corp-zone.sh
. ./el-dns.sh
case "$NODE" in
  node1)
    rpm -q dnsmasq >/dev/null 2>&1 || dnf -y -q install dnsmasq
    cat > /etc/dnsmasq.d/corp-internal.conf <<'CONF'
# internal zone corp.internal, served on the private network only
interface=eth1
except-interface=eth0
bind-dynamic
no-resolv
no-hosts
local=/corp.internal/
domain-needed
bogus-priv
address=/ns1.corp.internal/10.100.0.11
address=/app.corp.internal/10.100.0.12
address=/db.corp.internal/10.100.0.40
CONF
    dns_firewalld
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q "$OB_ADDR_NODE1_PRIV" && break; sleep 0.2; done ;;
  node2)
    resolve_with_node1_el
    for i in $(seq 1 50); do getent hosts app.corp.internal && break; sleep 0.2; done ;;
esac
