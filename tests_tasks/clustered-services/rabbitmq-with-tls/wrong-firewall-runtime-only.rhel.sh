#!/bin/bash
# must fail req-3: plain AMQP is hidden from other machines by closing 5672 in firewalld's runtime configuration only (no --permanent); after the reboot 5672 is open on every address again
# rhel family, written, NOT validated: the same mistake with firewalld (on here): 5671 is opened
# permanently as in solution.rhel.sh, but the stock 5672 opening is removed from the runtime
# configuration only (no --permanent); after the reboot firewalld loads 5672/tcp open again
set -euo pipefail
case "$NODE" in
  node1)
    install -d -o root -g rabbitmq -m 750 /etc/rabbitmq/tls
    install -o root -g rabbitmq -m 644 /srv/pki/mq/ca.crt /srv/pki/mq/mq.internal.crt /etc/rabbitmq/tls/
    install -o root -g rabbitmq -m 640 /srv/pki/mq/mq.internal.key /etc/rabbitmq/tls/
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
    if ! rabbitmqctl list_users -q | awk '{print $1}' | grep -qx orders; then
      rabbitmqctl add_user orders 'Ord3rs-Tls-2024'
    else
      rabbitmqctl change_password orders 'Ord3rs-Tls-2024'
    fi
    rabbitmqctl set_permissions -p / orders '.*' '.*' '.*'
    # plain AMQP for local tools only
    firewall-cmd --permanent --add-port=5671/tcp >/dev/null
    firewall-cmd --reload >/dev/null
    firewall-cmd --remove-port=5672/tcp >/dev/null
    firewall-cmd --list-ports
    ;;
  node2)
    sed -i '/[[:space:]]mq\.internal$/d' /etc/hosts
    echo "$OB_ADDR_NODE1_PRIV mq.internal" >> /etc/hosts
    for i in $(seq 1 60); do
      openssl s_client -connect mq.internal:5671 -verify_hostname mq.internal -verify_return_error \
        </dev/null >/dev/null 2>&1 && exit 0
      sleep 2
    done
    echo "mq.internal:5671 does not verify from node2" >&2
    exit 1
    ;;
esac
