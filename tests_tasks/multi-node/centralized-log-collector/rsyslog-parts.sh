#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# remote_ruleset: node2's rsyslog receives on tcp/514 into its own ruleset, which writes what
# comes from node1's private address to /var/log/remote/node1.log and nothing else.
remote_ruleset() {
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
}

# syslog_firewall: node2's /etc/nftables.conf drops tcp/514 on every interface but eth1 (priv).
syslog_firewall() {
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
}

# forward_to_node2: node1's rsyslog forwards everything to node2 over TCP, queued on disk while
# node2 is away, and runs now and at boot.
forward_to_node2() {
  install -d /var/spool/rsyslog
  cat > /etc/rsyslog.d/90-forward.conf <<CONF
*.* action(type="omfwd" target="$OB_ADDR_NODE2_PRIV" port="514" protocol="tcp"
           queue.type="LinkedList" queue.filename="fwd_node2" queue.saveOnShutdown="on"
           action.resumeRetryCount="-1" action.resumeInterval="5")
CONF
  systemctl enable rsyslog.service
  systemctl restart rsyslog.service
}
