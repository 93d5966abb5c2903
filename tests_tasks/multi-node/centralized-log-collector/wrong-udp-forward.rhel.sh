#!/bin/bash
# must fail req-5: node1 forwards with a single @ (rsyslog's UDP) and node2 listens on udp/514, so the logs arrive but not over TCP as asked: a lost datagram is silently dropped
# rhel family, written, NOT validated: the same mistake as wrong-udp-forward.sh; firewalld (on here)
# admits udp/514 from the private network (permanent rich rule) where Debian's nftables.conf drops it
# elsewhere
set -euo pipefail
. ./syslog-firewalld.sh
rpm -q rsyslog >/dev/null 2>&1 || dnf -y -q install rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
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
    syslog_firewalld udp
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
