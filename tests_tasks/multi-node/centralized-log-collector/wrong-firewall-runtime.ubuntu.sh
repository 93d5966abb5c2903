#!/bin/bash
# must fail req-3: node2's tcp/514 is closed to eth0 with nft commands only, never written to /etc/nftables.conf, so after the reboot rsyslog listens on every address again, the management one included
# ubuntu2404, written, NOT validated: the same script as the Debian one but for /var/log/remote,
# which belongs to syslog:adm here: Ubuntu's rsyslog (installed and running in the image) drops
# root after start (PrivDropToUser syslog), so a root-owned directory would refuse node1.log
# (learned from open-sudo/infraset jobs/multi-node-os-comparison/ubuntu24/
# centralized-log-collector-ubuntu24/…__fUbSkH8, whose collector directory is syslog:adm)
set -euo pipefail
. ./rsyslog-parts.sh
export DEBIAN_FRONTEND=noninteractive
dpkg -s rsyslog >/dev/null 2>&1 || apt-get install -y --no-install-recommends rsyslog
case "$NODE" in
  node2)
    install -d -o syslog -g adm -m 0755 /var/log/remote
    remote_ruleset
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
