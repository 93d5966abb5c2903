#!/bin/bash
# must fail req-3: plain AMQP is hidden from other machines by closing 5672 in firewalld's runtime configuration only (no --permanent); after the reboot 5672 is open on every address again
# rhel family, written, NOT validated: the same mistake with firewalld (on here): 5671 is opened
# permanently as in solution.rhel.sh, but the stock 5672 opening is removed from the runtime
# configuration only (no --permanent); after the reboot firewalld loads 5672/tcp open again
set -euo pipefail
. ./broker.sh
case "$NODE" in
  node1)
    tls_files
    command -v restorecon >/dev/null && restorecon -R /etc/rabbitmq
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
    firewall-cmd --permanent --add-port=5671/tcp >/dev/null
    firewall-cmd --reload >/dev/null
    firewall-cmd --remove-port=5672/tcp >/dev/null
    firewall-cmd --list-ports
    ;;
  node2)
    mq_internal
    tls_verifies
    ;;
esac
