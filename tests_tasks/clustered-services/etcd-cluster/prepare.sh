#!/bin/bash
# Starting condition: etcd-server and etcd-client installed on every node, running as the stock
# standalone instance (loopback only, default data dir with its own single-member cluster).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! dpkg -s etcd-server etcd-client >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null
fi
. ./stock.sh
