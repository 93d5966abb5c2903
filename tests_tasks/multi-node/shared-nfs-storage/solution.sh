#!/bin/bash
# Reference solution: nfs-kernel-server on node1 exporting /srv/share to node2's address only
# (root_squash is the default); node2 mounts it through an automount unit from fstab, so the
# boot order of the two machines does not matter.
set -euo pipefail
. ./nfs-parts.sh
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s nfs-kernel-server >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-kernel-server
    export_share "/srv/share $OB_ADDR_NODE2_PRIV(rw,sync,no_subtree_check,root_squash)" ;;
  node2)
    dpkg -s nfs-common >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-common
    install -d /mnt/share
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
