#!/bin/bash
# must fail req-2: exported with no_root_squash "so root on node2 can manage the share": root on node2 is root on node1's files through the mount
# rhel family, written, NOT validated: the same mistake as wrong-no-root-squash.sh, with EL's nfs-utils and
# NFS admitted by firewalld from the private network as in solution.rhel.sh
set -euo pipefail
. ./nfs-parts.sh
. ./nfs-el.sh
case "$NODE" in
  node1)
    nfs_utils
    nfs_firewalld
    export_share "/srv/share $OB_ADDR_NODE2_PRIV(rw,sync,no_subtree_check,no_root_squash)" ;;
  node2)
    nfs_utils
    install -d /mnt/share
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
