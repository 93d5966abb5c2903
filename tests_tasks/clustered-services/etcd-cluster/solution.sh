#!/bin/bash
# Reference solution: reconfigure every node as a member of one static three-member cluster.
# Runs node1, node2, node3 in order: the first two start without waiting (a new member only
# reports ready to systemd once a quorum exists); node3 waits until the whole cluster is healthy.
set -euo pipefail
. tasklib/etcd.sh
. ./reference.sh
