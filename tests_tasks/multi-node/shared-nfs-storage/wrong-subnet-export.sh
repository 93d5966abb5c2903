#!/bin/bash
# must fail req-3: exported to the whole private network (10.100.0.0/24) instead of node2's address: any other machine on priv can mount it
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node1)
    dpkg -s nfs-kernel-server >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-kernel-server
    sed -i '\#^/srv/share[[:space:]]#d' /etc/exports
    echo "/srv/share 10.100.0.0/24(rw,sync,no_subtree_check,root_squash)" >> /etc/exports
    systemctl enable nfs-server.service
    systemctl restart nfs-server.service
    exportfs -ra
    exportfs -v ;;
  node2)
    dpkg -s nfs-common >/dev/null 2>&1 || apt-get install -y --no-install-recommends nfs-common
    install -d /mnt/share
    sed -i '\#[[:space:]]/mnt/share[[:space:]]#d' /etc/fstab
    echo "$OB_ADDR_NODE1_PRIV:/srv/share /mnt/share nfs4 rw,_netdev,x-systemd.automount,x-systemd.mount-timeout=60 0 0" >> /etc/fstab
    systemctl daemon-reload
    systemctl restart remote-fs.target
    ls /mnt/share
    findmnt -t nfs4 /mnt/share ;;
esac
