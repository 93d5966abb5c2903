#!/bin/bash
# Reference solution: rsyslog on both nodes; node2 receives on tcp/514 (firewalled to priv) and
# writes node1's messages to /var/log/remote/node1.log; node1 forwards everything with a queue.
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
    cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset
table inet syslog_scope {
  chain input {
    type filter hook input priority 0; policy accept;
    tcp dport 514 iifname != "eth1" drop
  }
}
NFT
    systemctl enable nftables.service
    systemctl restart nftables.service
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    for i in $(seq 1 50); do ss -Hltn 'sport = :514' | grep -q . && exit 0; sleep 0.2; done
    echo "rsyslog does not listen on tcp/514" >&2; exit 1 ;;
  node1)
    install -d /var/spool/rsyslog
    cat > /etc/rsyslog.d/90-forward.conf <<CONF
*.* action(type="omfwd" target="$OB_ADDR_NODE2_PRIV" port="514" protocol="tcp"
           queue.type="LinkedList" queue.filename="fwd_node2" queue.saveOnShutdown="on"
           action.resumeRetryCount="-1" action.resumeInterval="5")
CONF
    systemctl enable rsyslog.service
    systemctl restart rsyslog.service
    logger -t solution "forwarding to node2 configured" ;;
esac
