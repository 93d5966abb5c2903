#!/bin/bash
# Starting condition: rabbitmq-server and python3-pika installed on every node; each node runs
# the stock standalone broker (its own random Erlang cookie, node name rabbit@<hostname>).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s rabbitmq-server python3-pika >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends rabbitmq-server python3-pika >/dev/null
fi
systemctl enable rabbitmq-server.service
systemctl start rabbitmq-server.service
timeout 600 rabbitmqctl await_startup --timeout 600 >/dev/null
