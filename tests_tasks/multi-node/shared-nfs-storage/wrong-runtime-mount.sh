#!/bin/bash
# must fail req-1, req-4: the export is right and persistent, but node2 mounts it by hand (mount -t nfs4) with no fstab entry or mount unit: after the reboot /mnt/share is an empty local directory
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
    mountpoint -q /mnt/share || mount -t nfs4 -o rw "$OB_ADDR_NODE1_PRIV:/srv/share" /mnt/share
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
