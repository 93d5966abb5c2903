#!/bin/bash
# must fail req-3: exported to the whole private network (10.100.0.0/24) instead of node2's address: any other machine on priv can mount it
# rhel family, written, NOT validated: the same mistake as wrong-subnet-export.sh, with EL's nfs-utils and
# NFS admitted by firewalld from the private network as in solution.rhel.sh
set -euo pipefail
. ./nfs-parts.sh
. ./nfs-el.sh
case "$NODE" in
  node1)
    nfs_utils
    nfs_firewalld
    export_share "/srv/share 10.100.0.0/24(rw,sync,no_subtree_check,root_squash)" ;;
  node2)
    nfs_utils
    install -d /mnt/share
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
