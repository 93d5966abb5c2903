#!/bin/bash
# must fail req-3: plain AMQP still listens on every address and firewalld rejects 5672 only for node2's address and for the management network; any other machine on priv (the next host of the order service, a new node) still reaches unencrypted AMQP
# rhel family, written, NOT validated: the same mistake with firewalld (on here) instead of nftables:
# 5671 opened permanently as in solution.rhel.sh; the stock 5672 opening stays, and permanent rich
# rules reject 5672 only from node2's address and from the management NIC's network
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
    # the management NIC is the one that does not carry the private address; its network
    mgmtnet=$(ip -o -4 addr show | awk -v a="$OB_ADDR_NODE1_PRIV/" '$2 != "lo" && index($4, a) != 1 {print $4; exit}')
    mgmtnet=$(python3 -c 'import ipaddress,sys; print(ipaddress.ip_interface(sys.argv[1]).network)' "$mgmtnet")
    firewall-cmd --permanent --add-port=5671/tcp >/dev/null
    for src in "$OB_ADDR_NODE2_PRIV" "$mgmtnet"; do
      firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$src\" port port=\"5672\" protocol=\"tcp\" reject" >/dev/null
    done
    firewall-cmd --reload >/dev/null
    firewall-cmd --list-all
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
