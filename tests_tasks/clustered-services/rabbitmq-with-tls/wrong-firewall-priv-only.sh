#!/bin/bash
# must fail req-3: the TLS listener is right, but plain AMQP keeps listening on every address and the nftables rule that hides 5672 matches only the private NIC (eth1): from the management network 5672 is still open
set -euo pipefail
. ./broker.sh
case "$NODE" in
  node1)
    tls_files
    cat > /etc/rabbitmq/rabbitmq.conf <<'CONF'
listeners.ssl.default = 5671
ssl_options.cacertfile = /etc/rabbitmq/tls/ca.crt
ssl_options.certfile = /etc/rabbitmq/tls/mq.internal.crt
ssl_options.keyfile = /etc/rabbitmq/tls/mq.internal.key
ssl_options.verify = verify_none
ssl_options.fail_if_no_peer_cert = false
CONF
    systemctl restart rabbitmq-server.service
    rabbitmqctl await_startup --timeout 600 >/dev/null
    orders_user
    # close plain AMQP towards the order service's network
    privif=$(ip -o -4 addr show | awk -v a="$OB_ADDR_NODE1_PRIV" '$4 ~ "^"a"/" {print $2; exit}')
    cat > /etc/nftables.conf <<NFT
#!/usr/sbin/nft -f
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority 0; policy accept;
    iifname "$privif" tcp dport 5672 drop
  }
}
NFT
    systemctl enable nftables.service
    systemctl restart nftables.service
    nft list ruleset
    ;;
  node2)
    mq_internal
    tls_verifies
    ;;
esac
