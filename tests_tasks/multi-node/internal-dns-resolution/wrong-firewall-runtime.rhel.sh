#!/bin/bash
# must fail req-3: dnsmasq listens on every interface and port 53 is closed on eth0 with nft commands only, never saved to /etc/nftables.conf, so after the reboot DNS is offered on the management address again
# rhel family, written, NOT validated: the same mistake beside firewalld (on here): dnsmasq listens on
# every interface (should the packaged dnsmasq.conf hold it to loopback with interface=lo and
# bind-interfaces, those lines are commented out), dns is opened in firewalld's default zone
# permanently (firewall-cmd --permanent --add-service=dns, as the study's almalinux9 trial did), and
# the same nft commands close 53 on eth0 in the running ruleset only; after the reboot firewalld's
# permanent opening is all there is
set -euo pipefail
. ./corp-zone.sh
. ./el-dns.sh
case "$NODE" in
  node1)
    rpm -q dnsmasq >/dev/null 2>&1 || dnf -y -q install dnsmasq
    sed -i -E 's/^(interface=lo|bind-interfaces)[[:space:]]*$/#&/' /etc/dnsmasq.conf
    cat > /etc/dnsmasq.d/corp-internal.conf <<'CONF'
# internal zone corp.internal
no-resolv
no-hosts
local=/corp.internal/
domain-needed
bogus-priv
host-record=ns1.corp.internal,10.100.0.11
host-record=app.corp.internal,10.100.0.12
host-record=db.corp.internal,10.100.0.40
CONF
    firewall-cmd -q --permanent --add-service=dns
    firewall-cmd -q --reload
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    nft add table inet dns_scope
    nft add chain inet dns_scope input '{ type filter hook input priority 0; policy accept; }'
    nft add rule inet dns_scope input iifname "eth0" udp dport 53 drop
    nft add rule inet dns_scope input iifname "eth0" tcp dport 53 drop
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q . && break; sleep 0.2; done ;;
  node2)
    resolve_with_node1_el
    for i in $(seq 1 50); do getent hosts app.corp.internal && break; sleep 0.2; done ;;
esac
