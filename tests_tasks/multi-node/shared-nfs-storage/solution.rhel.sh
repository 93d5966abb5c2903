#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (node1 exports /srv/share
# to node2's address only, root_squash; node2 mounts it through an automount unit from fstab), with
# EL's nfs-utils for server and client and NFS admitted by firewalld from the private network on
# node1. Learned from open-sudo/infraset jobs/multi-node-os-comparison/rhel10/
# shared-nfs-storage-rhel10/…__NnTe3LX (dnf install nfs-utils on both nodes, exports to node2's
# address with root_squash, systemctl enable --now nfs-server, firewall-cmd --add-service=nfs, an
# nfs4 mount from fstab); also almalinux9 __wPkdWnG, centos-stream10 __jUmsvVg, rhel9 __WXBs2Yr.
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
    fstab_automount
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
