#!/bin/bash
# Parts of the rhel-family scripts (*.rhel.sh): what EL adds to nfs-parts.sh, whose export_share
# and fstab_automount hold as they are (nfs-server.service, /etc/exports, nfs4 in fstab).

# nfs_utils: EL's one package for the NFS server and client (Debian's nfs-kernel-server and
# nfs-common).
nfs_utils() {
  rpm -q nfs-utils >/dev/null 2>&1 || dnf -y -q install nfs-utils
}

# nfs_firewalld: firewalld (on in the EL images) admits NFS (2049/tcp, all NFSv4 needs) from the
# private network, permanently (a rich rule on the source 10.100.0.0/24).
nfs_firewalld() {
  firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" service name="nfs" accept'
  firewall-cmd -q --reload
}
