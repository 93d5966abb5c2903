#!/bin/bash
# must fail req-5: node1 forwards with a single @ (rsyslog's UDP) and node2 listens on udp/514, so the logs arrive but not over TCP as asked: a lost datagram is silently dropped
# ubuntu2404, written, NOT validated: the same script as the Debian one but for /var/log/remote,
# which belongs to syslog:adm here: Ubuntu's rsyslog (installed and running in the image) drops
# root after start (PrivDropToUser syslog), so a root-owned directory would refuse node1.log
# (learned from open-sudo/infraset jobs/multi-node-os-comparison/ubuntu24/
# centralized-log-collector-ubuntu24/…__fUbSkH8, whose collector directory is syslog:adm)
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg -s rsyslog >/dev/null 2>&1 || apt-get install -y --no-install-recommends rsyslog
case "$NODE" in
  node2)
    install -d -o syslog -g adm -m 0755 /var/log/remote
    cat > /etc/rsyslog.d/10-remote.conf <<CONF
module(load="imudp")
input(type="imudp" port="514" ruleset="remote")
ruleset(name="remote") {
  if \$fromhost-ip == "$OB_ADDR_NODE1_PRIV" then {
    action(type="omfile" file="/var/log/remote/node1.log")
  }
  stop
}
CONF
    cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet syslog_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    udp dport 514 iifname != "eth1" drop
  }
}
NFT
    systemctl enable nftables.service
    systemctl restart nftables.service
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service ;;
  node1)
    cat > /etc/rsyslog.d/90-forward.conf <<CONF
*.* @$OB_ADDR_NODE2_PRIV:514
CONF
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    logger -t setup "forwarding to node2 configured" ;;
esac
