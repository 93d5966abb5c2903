#!/bin/bash
# must fail req-2: node2 receives on tcp/514 but a plain `*.* /var/log/remote/node1.log` rule is global, not tied to the TCP input, so node2's own messages land in node1's file too
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
    cat > /etc/rsyslog.d/10-remote.conf <<'CONF'
module(load="imtcp")
input(type="imtcp" port="514")
*.* /var/log/remote/node1.log
CONF
    syslog_firewall
    systemctl enable nftables.service
    systemctl restart nftables.service
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && break; sleep 0.2; done ;;
  node1)
    forward_to_node2
    logger -t setup "forwarding to node2 configured" ;;
esac
