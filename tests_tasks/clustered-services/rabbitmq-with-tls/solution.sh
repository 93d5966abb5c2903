#!/bin/bash
# Reference solution: node1 gets a TLS listener with the provided certificate, plain AMQP only on
# loopback, and the orders user; node2 resolves mq.internal to node1's private address.
set -euo pipefail
. ./broker.sh
case "$NODE" in
  node1)
    tls_files
    cat > /etc/rabbitmq/rabbitmq.conf <<'CONF'
# plain AMQP for local tools only; AMQPS for everyone else
listeners.tcp.default = 127.0.0.1:5672
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
    ss -tlnp | grep -E ':(5671|5672)\b'
    ;;
  node2)
    mq_internal
    tls_verifies
    ;;
esac
