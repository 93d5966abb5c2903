#!/bin/bash
# must fail req-3: node2's tcp/514 is closed to eth0 with nft commands only, never written to /etc/nftables.conf, so after the reboot rsyslog listens on every address again, the management one included
# rhel family, written, NOT validated: the same mistake beside firewalld (on here): tcp/514 is opened
# in firewalld's default zone permanently (firewall-cmd --permanent --add-port=514/tcp, as the
# study's almalinux9 trial opened it), and the same nft commands close it on eth0 in the running
# ruleset only; after the reboot firewalld's permanent opening is all there is
set -euo pipefail
. ./rsyslog-parts.sh
rpm -q rsyslog >/dev/null 2>&1 || dnf -y -q install rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
    remote_ruleset
    firewall-cmd -q --permanent --add-port=514/tcp
    firewall-cmd -q --reload
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    nft add table inet syslog_scope
    nft add chain inet syslog_scope input '{ type filter hook input priority 0; policy accept; }'
    nft add rule inet syslog_scope input iifname "eth0" tcp dport 514 drop
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && break; sleep 0.2; done ;;
  node1)
    forward_to_node2
    logger -t setup "forwarding to node2 configured" ;;
esac
