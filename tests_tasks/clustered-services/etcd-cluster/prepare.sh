#!/bin/bash
# Starting condition: etcd-server and etcd-client installed on every node, running as the stock
# standalone instance (loopback only, default data dir with its own single-member cluster).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s etcd-server etcd-client >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null
fi
systemctl enable --now etcd.service
for i in $(seq 1 60); do
  ETCDCTL_API=3 etcdctl --endpoints=http://127.0.0.1:2379 endpoint health >/dev/null 2>&1 && exit 0
  sleep 1
done
echo "stock etcd did not come up" >&2
exit 1
