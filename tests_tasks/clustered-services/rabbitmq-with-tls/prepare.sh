#!/bin/bash
# Starting condition: node1 runs the stock RabbitMQ broker (plain AMQP on 5672 on every address)
# and holds the server certificate for mq.internal issued by the internal CA in /srv/pki/mq;
# node2 has python3-pika and already trusts the internal CA (system trust store).
# The PEMs (./pki.sh) were generated once for this task (20-year validity); the CA key is not shipped.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./pki.sh
case "$NODE" in
  node1)
    if ! dpkg -s rabbitmq-server >/dev/null 2>&1; then
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends rabbitmq-server >/dev/null
    fi
    pki_files
    systemctl enable rabbitmq-server.service
    systemctl start rabbitmq-server.service
    timeout 600 rabbitmqctl await_startup --timeout 600 >/dev/null
    ;;
  node2)
    if ! dpkg -s python3-pika >/dev/null 2>&1; then
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends python3-pika >/dev/null
    fi
    printf '%s\n' "$CA_PEM" | sed '/^$/d' > /usr/local/share/ca-certificates/example-internal-ca.crt
    update-ca-certificates >/dev/null
    ;;
esac
