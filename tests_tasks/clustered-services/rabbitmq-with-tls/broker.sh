#!/bin/bash
# The steps the reference shares with its wrong solutions, on both families.

# tls_files: (node1) the CA's certificate and mq.internal's certificate and key from /srv/pki/mq
# in /etc/rabbitmq/tls, readable by the broker (group rabbitmq)
tls_files() {
  install -d -o root -g rabbitmq -m 750 /etc/rabbitmq/tls
  install -o root -g rabbitmq -m 644 /srv/pki/mq/ca.crt /srv/pki/mq/mq.internal.crt /etc/rabbitmq/tls/
  install -o root -g rabbitmq -m 640 /srv/pki/mq/mq.internal.key /etc/rabbitmq/tls/
}

# orders_user: (node1) the user orders with its password, allowed everything on vhost /
orders_user() {
  if ! rabbitmqctl list_users -q | awk '{print $1}' | grep -qx orders; then
    rabbitmqctl add_user orders 'Ord3rs-Tls-2024'
  else
    rabbitmqctl change_password orders 'Ord3rs-Tls-2024'
  fi
  rabbitmqctl set_permissions -p / orders '.*' '.*' '.*'
}

# mq_internal: (node2) mq.internal resolves to node1's priv address in /etc/hosts
mq_internal() {
  sed -i '/[[:space:]]mq\.internal$/d' /etc/hosts
  echo "$OB_ADDR_NODE1_PRIV mq.internal" >> /etc/hosts
}

# tls_verifies: (node2) the script ends, successfully once TLS to mq.internal:5671 verifies
# against the trusted CA, within two minutes
tls_verifies() {
  for i in $(seq 1 60); do
    openssl s_client -connect mq.internal:5671 -verify_hostname mq.internal -verify_return_error \
      </dev/null >/dev/null 2>&1 && exit 0
    sleep 2
  done
  echo "mq.internal:5671 does not verify from node2" >&2
  exit 1
}
