#!/bin/bash
# Starting condition: a healthy three-member etcd cluster (members node1..node3 on priv) holding
# configuration data under /config/; then node3's data directory is destroyed and its etcd is
# stopped, so the cluster runs on two of its three members with node3's member still registered.
# Runs node1, node2, node3 in order: node3 waits for the cluster, writes the data, then fails.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
export ETCDCTL_API=3
if ! dpkg -s etcd-server etcd-client >/dev/null 2>&1; then
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null
fi
. tasklib/etcd.sh
. ./cluster.sh
