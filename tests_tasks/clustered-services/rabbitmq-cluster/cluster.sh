#!/bin/bash
# The steps the reference shares with its wrong solutions, on both families.

# peer_names: node1, node2 and node3 resolve to their priv addresses in /etc/hosts (earlier lines
# for them removed)
peer_names() {
  sed -i -E '/[[:space:]](node1|node2|node3)$/d' /etc/hosts
  cat >> /etc/hosts <<HOSTS
$OB_ADDR_NODE1_PRIV node1
$OB_ADDR_NODE2_PRIV node2
$OB_ADDR_NODE3_PRIV node3
HOSTS
}

# open_firewall_to_peers: (rhel family) when firewalld runs, the three nodes' priv addresses may
# reach epmd (4369) and the Erlang distribution port (25672), permanently
open_firewall_to_peers() {
  if systemctl is-active --quiet firewalld.service; then
    for addr in "$OB_ADDR_NODE1_PRIV" "$OB_ADDR_NODE2_PRIV" "$OB_ADDR_NODE3_PRIV"; do
      for port in 4369 25672; do
        firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$addr\" port port=\"$port\" protocol=\"tcp\" accept" >/dev/null
      done
    done
    firewall-cmd --reload >/dev/null
  fi
}

# agreed_cookie: the broker stopped and the cookie set to $COOKIE, unless it is that already
# (an old CLI/epmd session would keep the previous cookie's distribution alive)
agreed_cookie() {
  if [ "$(cat /var/lib/rabbitmq/.erlang.cookie 2>/dev/null)" != "$COOKIE" ]; then
    systemctl stop rabbitmq-server.service
    printf '%s' "$COOKIE" > /var/lib/rabbitmq/.erlang.cookie
    chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie
    chmod 400 /var/lib/rabbitmq/.erlang.cookie
  fi
}

# start_broker: rabbitmq-server enabled and started, and up
start_broker() {
  systemctl enable rabbitmq-server.service
  systemctl start rabbitmq-server.service
  rabbitmqctl await_startup --timeout 600 >/dev/null
}

# join_node1: this broker reset and joined to rabbit@node1's cluster
join_node1() {
  rabbitmqctl stop_app
  rabbitmqctl reset
  rabbitmqctl join_cluster rabbit@node1
  rabbitmqctl start_app
}
