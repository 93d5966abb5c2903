#!/bin/bash
# must fail req-3: exported to the whole private network (10.100.0.0/24) instead of node2's address: any other machine on priv can mount it
set -euo pipefail
. ./nfs-parts.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s nfs-kernel-server >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-kernel-server
    export_share "/srv/share 10.100.0.0/24(rw,sync,no_subtree_check,root_squash)" ;;
  node2)
    dpkg -s nfs-common >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-common
    install -d /mnt/share
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
