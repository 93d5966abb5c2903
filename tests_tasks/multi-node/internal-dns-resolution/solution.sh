#!/bin/bash
# Reference solution: dnsmasq on node1 (priv interface only, authoritative-ish local zone);
# node2's resolver points at node1.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s dnsmasq >/dev/null 2>&1 || apt-get install -y --no-install-recommends dnsmasq
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
host-record=ns1.corp.internal,10.100.0.11
host-record=app.corp.internal,10.100.0.12
host-record=db.corp.internal,10.100.0.40
CONF
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q "$OB_ADDR_NODE1_PRIV" && exit 0; sleep 0.2; done
    echo "dnsmasq does not listen on the private address" >&2; exit 1 ;;
  node2)
    rm -f /etc/resolv.conf
    printf 'search corp.internal\nnameserver %s\n' "$OB_ADDR_NODE1_PRIV" > /etc/resolv.conf
    for i in $(seq 1 50); do getent hosts app.corp.internal && exit 0; sleep 0.2; done
    exit 1 ;;
esac
