#!/bin/bash
# must fail req-3: the TLS listener is right, but plain AMQP keeps listening on every address and the firewalld rule that hides 5672 matches only the private network (priv): from the management network 5672 is still open
# rhel family, written, NOT validated: the same mistake with firewalld (on here) instead of nftables:
# 5671 opened permanently as in solution.rhel.sh; the stock 5672 opening stays, and a permanent rich
# rule rejects 5672 only from the private network (priv), so the management network still reaches it
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
    # close plain AMQP towards the order service's network
    privnet=$(ip -o -4 addr show | awk -v a="$OB_ADDR_NODE1_PRIV" '$4 ~ "^"a"/" {print $4; exit}')
    privnet=$(python3 -c 'import ipaddress,sys; print(ipaddress.ip_interface(sys.argv[1]).network)' "$privnet")
    firewall-cmd --permanent --add-port=5671/tcp >/dev/null
    firewall-cmd --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$privnet\" port port=\"5672\" protocol=\"tcp\" reject" >/dev/null
    firewall-cmd --reload >/dev/null
    firewall-cmd --list-all
    ;;
  node2)
    mq_internal
    tls_verifies
    ;;
esac
