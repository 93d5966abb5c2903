#!/bin/bash
# must fail req-3: dnsmasq listens on every interface and port 53 is closed on eth0 with nft commands only, never saved to /etc/nftables.conf, so after the reboot DNS is offered on the management address again
# ubuntu2404, written, NOT validated: the same mistake; systemd-resolved holds 127.0.0.53:53 on
# Ubuntu, so dnsmasq with no binding option (the wildcard 0.0.0.0:53) fails to start there, and the
# config gets bind-dynamic: dnsmasq still listens on every interface, each address bound on its own
# (learned from open-sudo/infraset jobs/multi-node-os-comparison/ubuntu24/
# internal-dns-resolution-ubuntu24/…__PmeF3vm: resolved on 127.0.0.53 and 127.0.0.54, dnsmasq from
# the archive bound to single addresses beside it)
set -euo pipefail
. ./corp-zone.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s dnsmasq >/dev/null 2>&1 || apt-get install -y --no-install-recommends dnsmasq
    cat > /etc/dnsmasq.d/corp-internal.conf <<'CONF'
# internal zone corp.internal
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
    nft add table inet dns_scope
    nft add chain inet dns_scope input '{ type filter hook input priority 0; policy accept; }'
    nft add rule inet dns_scope input iifname "eth0" udp dport 53 drop
    nft add rule inet dns_scope input iifname "eth0" tcp dport 53 drop
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q . && break; sleep 0.2; done ;;
  node2)
    resolve_with_node1
    for i in $(seq 1 50); do getent hosts app.corp.internal && break; sleep 0.2; done ;;
esac
