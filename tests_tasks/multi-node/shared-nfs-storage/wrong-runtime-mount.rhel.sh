#!/bin/bash
# must fail req-1, req-4: the export is right and persistent, but node2 mounts it by hand (mount -t nfs4) with no fstab entry or mount unit: after the reboot /mnt/share is an empty local directory
# rhel family, written, NOT validated: the same mistake as wrong-runtime-mount.sh, with EL's nfs-utils and
# NFS admitted by firewalld from the private network as in solution.rhel.sh
set -euo pipefail
. ./nfs-parts.sh
. ./nfs-el.sh
case "$NODE" in
  node1)
    nfs_utils
    nfs_firewalld
    export_share "/srv/share $OB_ADDR_NODE2_PRIV(rw,sync,no_subtree_check,root_squash)" ;;
  node2)
    nfs_utils
    install -d /mnt/share
    mountpoint -q /mnt/share || mount -t nfs4 -o rw "$OB_ADDR_NODE1_PRIV:/srv/share" /mnt/share
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
