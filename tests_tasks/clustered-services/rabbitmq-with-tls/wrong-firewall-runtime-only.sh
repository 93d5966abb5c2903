#!/bin/bash
# must fail req-3: plain AMQP is hidden from other machines by an nft rule added at runtime only (no /etc/nftables.conf, nftables.service not enabled); after the reboot 5672 is open on every address again
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
    # plain AMQP for local tools only
    nft add table inet amqp
    nft add chain inet amqp input '{ type filter hook input priority 0; policy accept; }'
    nft add rule inet amqp input iifname != "lo" tcp dport 5672 drop
    nft list table inet amqp
    ;;
  node2)
    mq_internal
    tls_verifies
    ;;
esac
