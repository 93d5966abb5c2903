#!/bin/bash
# must fail req-2: node2 receives on tcp/514 but a plain `*.* /var/log/remote/node1.log` rule is global, not tied to the TCP input, so node2's own messages land in node1's file too
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg -s rsyslog >/dev/null 2>&1 || apt-get install -y --no-install-recommends rsyslog
case "$NODE" in
  node2)
    install -d -m 0755 /var/log/remote
    cat > /etc/rsyslog.d/10-remote.conf <<'CONF'
module(load="imtcp")
input(type="imtcp" port="514")
*.* /var/log/remote/node1.log
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
