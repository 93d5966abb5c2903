#!/bin/bash
# must fail req-2: the cluster is formed the way the clustering guide shows, by copying node1's own (random) Erlang cookie to node2 and node3, not with the agreed cookie; the other tooling, which uses Q7XR2KMD4VZ8OPSBENCH, is refused by every node
set -euo pipefail
. ./cluster.sh
peer_names
share=/run/ob-cookie-share
if [ "$NODE" = node1 ]; then
  # hand node1's cookie to the two other nodes (what "scp node1:.erlang.cookie" does), once each
  install -d -m 700 "$share"
  install -m 600 /var/lib/rabbitmq/.erlang.cookie "$share/cookie"
  systemd-run --unit=ob-cookie-share --collect timeout 900 python3 -c '
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[2])
server = http.server.HTTPServer((sys.argv[1], 8765), handler)
for _ in range(2):
    server.handle_request()
' "$OB_ADDR_NODE1_PRIV" "$share"
  systemctl enable rabbitmq-server.service
  rabbitmqctl cluster_status
  exit 0
fi
cookie=$(curl -fsS --retry 10 --retry-delay 2 --retry-connrefused "http://$OB_ADDR_NODE1_PRIV:8765/cookie")
[ -n "$cookie" ]
if [ "$(cat /var/lib/rabbitmq/.erlang.cookie)" != "$cookie" ]; then
  systemctl stop rabbitmq-server.service
  printf '%s' "$cookie" > /var/lib/rabbitmq/.erlang.cookie
  chown rabbitmq:rabbitmq /var/lib/rabbitmq/.erlang.cookie
  chmod 400 /var/lib/rabbitmq/.erlang.cookie
fi
start_broker
join_node1
rabbitmqctl cluster_status
