#!/bin/bash
# must fail req-2: the TLS listener copies the documentation's example (verify_peer, fail_if_no_peer_cert = true), so the broker demands a client certificate the order service does not have and its password login over AMQPS is cut off
set -euo pipefail
. ./broker.sh
case "$NODE" in
  node1)
    tls_files
    cat > /etc/rabbitmq/rabbitmq.conf <<'CONF'
listeners.tcp.default = 127.0.0.1:5672
listeners.ssl.default = 5671
ssl_options.cacertfile = /etc/rabbitmq/tls/ca.crt
ssl_options.certfile = /etc/rabbitmq/tls/mq.internal.crt
ssl_options.keyfile = /etc/rabbitmq/tls/mq.internal.key
ssl_options.verify = verify_peer
ssl_options.fail_if_no_peer_cert = true
CONF
    systemctl restart rabbitmq-server.service
    rabbitmqctl await_startup --timeout 600 >/dev/null
    orders_user
    ss -tlnp | grep -E ':(5671|5672)\b'
    ;;
  node2)
    mq_internal
    for i in $(seq 1 60); do
      timeout 5 bash -c '</dev/tcp/mq.internal/5671' 2>/dev/null && break
      sleep 2
    done
    # shows the broker's certificate chain verifying (the handshake itself is not the login)
    { openssl s_client -connect mq.internal:5671 -verify_hostname mq.internal </dev/null 2>&1 || true; } \
      | grep -E 'subject=|Verify return code' || true
    ;;
esac
