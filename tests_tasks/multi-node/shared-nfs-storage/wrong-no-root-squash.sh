#!/bin/bash
# must fail req-2: exported with no_root_squash "so root on node2 can manage the share": root on node2 is root on node1's files through the mount
set -euo pipefail
. ./nfs-parts.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s nfs-kernel-server >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-kernel-server
    export_share "/srv/share $OB_ADDR_NODE2_PRIV(rw,sync,no_subtree_check,no_root_squash)" ;;
  node2)
    dpkg -s nfs-common >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-common
    install -d /mnt/share
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
