#!/bin/bash
# Parts of the reference solution (solution.sh), as the wrong solutions that keep them repeat them.

# export_share LINE: on node1, LINE is /srv/share's only line in /etc/exports, and the NFS
# server runs with it (now and at boot).
export_share() {
  sed -i '\#^/srv/share[[:space:]]#d' /etc/exports
  echo "$1" >> /etc/exports
  systemctl enable nfs-server.service
  systemctl restart nfs-server.service
  exportfs -ra
  exportfs -v
}

# fstab_automount: on node2, /mnt/share is node1's /srv/share over NFSv4, from fstab through an
# automount unit (mounted on first use, whichever node boots first).
fstab_automount() {
  sed -i '\#[[:space:]]/mnt/share[[:space:]]#d' /etc/fstab
  echo "$OB_ADDR_NODE1_PRIV:/srv/share /mnt/share nfs4 rw,_netdev,x-systemd.automount,x-systemd.mount-timeout=60 0 0" >> /etc/fstab
  systemctl daemon-reload
  systemctl restart remote-fs.target
}
