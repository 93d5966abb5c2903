#!/bin/bash
# must fail req-3: plain AMQP still listens on every address and the nftables rules drop 5672 only for node2's address and on the management NIC; any other machine on priv (the next host of the order service, a new node) still reaches unencrypted AMQP
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
    # the management NIC is the one that does not carry the private address
    mgmtif=$(ip -o -4 addr show | awk -v a="$OB_ADDR_NODE1_PRIV/" '$2 != "lo" && index($4, a) != 1 {print $2; exit}')
    cat > /etc/nftables.conf <<NFT
#!/usr/sbin/nft -f
flush ruleset
table inet filter {
  chain input {
    type filter hook input priority 0; policy accept;
    iifname "$mgmtif" tcp dport 5672 drop
    ip saddr $OB_ADDR_NODE2_PRIV tcp dport 5672 drop
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
