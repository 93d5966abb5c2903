#!/bin/bash
# must fail req-3: plain AMQP still listens on every address and firewalld rejects 5672 only for node2's address and for the management network; any other machine on priv (the next host of the order service, a new node) still reaches unencrypted AMQP
# rhel family, written, NOT validated: the same mistake with firewalld (on here) instead of nftables:
# 5671 opened permanently as in solution.rhel.sh; the stock 5672 opening stays, and permanent rich
# rules reject 5672 only from node2's address and from the management NIC's network
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
    mq_internal
    tls_verifies
    ;;
esac
