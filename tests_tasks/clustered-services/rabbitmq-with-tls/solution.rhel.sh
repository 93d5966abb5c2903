#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (a TLS listener with the
# provided certificate, plain AMQP only on loopback, the orders user; node2 resolves mq.internal to
# node1's private address), plus firewalld, which is on here: 5671/tcp is opened permanently and
# the stock broker's 5672/tcp opening (prepare.rhel.sh) is removed.
set -euo pipefail
case "$NODE" in
  node1)
    install -d -o root -g rabbitmq -m 750 /etc/rabbitmq/tls
    install -o root -g rabbitmq -m 644 /srv/pki/mq/ca.crt /srv/pki/mq/mq.internal.crt /etc/rabbitmq/tls/
    install -o root -g rabbitmq -m 640 /srv/pki/mq/mq.internal.key /etc/rabbitmq/tls/
    # SELinux: the files copied from /srv get the labels of /etc/rabbitmq
    command -v restorecon >/dev/null && restorecon -R /etc/rabbitmq
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
    if ! rabbitmqctl list_users -q | awk '{print $1}' | grep -qx orders; then
      rabbitmqctl add_user orders 'Ord3rs-Tls-2024'
    else
      rabbitmqctl change_password orders 'Ord3rs-Tls-2024'
    fi
    rabbitmqctl set_permissions -p / orders '.*' '.*' '.*'
    if systemctl is-active --quiet firewalld.service; then
      firewall-cmd --permanent --add-port=5671/tcp >/dev/null
      firewall-cmd --permanent --remove-port=5672/tcp >/dev/null
      firewall-cmd --reload >/dev/null
      firewall-cmd --list-ports
    fi
    ss -tlnp | grep -E ':(5671|5672)\b'
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
