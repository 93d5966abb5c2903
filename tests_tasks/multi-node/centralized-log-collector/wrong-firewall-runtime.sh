#!/bin/bash
# must fail req-3: node2's tcp/514 is closed to eth0 with nft commands only, never written to /etc/nftables.conf, so after the reboot rsyslog listens on every address again, the management one included
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg -s rsyslog >/dev/null 2>&1 || apt-get install -y --no-install-recommends rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
    cat > /etc/rsyslog.d/10-remote.conf <<CONF
module(load="imtcp")
input(type="imtcp" port="514" ruleset="remote")
ruleset(name="remote") {
  if \$fromhost-ip == "$OB_ADDR_NODE1_PRIV" then {
    action(type="omfile" file="/var/log/remote/node1.log")
  }
  stop
}
CONF
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    nft add table inet syslog_scope
    nft add chain inet syslog_scope input '{ type filter hook input priority 0; policy accept; }'
    nft add rule inet syslog_scope input iifname "eth0" tcp dport 514 drop
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && break; sleep 0.2; done ;;
  node1)
    install -d /var/spool/rsyslog
    cat > /etc/rsyslog.d/90-forward.conf <<CONF
*.* action(type="omfwd" target="$OB_ADDR_NODE2_PRIV" port="514" protocol="tcp"
           queue.type="LinkedList" queue.filename="fwd_node2" queue.saveOnShutdown="on"
           action.resumeRetryCount="-1" action.resumeInterval="5")
CONF
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    logger -t setup "forwarding to node2 configured" ;;
esac
