#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same account and files): alice (uid 2001) on both nodes;
# node1 has /srv/share owned by alice. firewalld runs (installed and enabled here where the image
# lacks it) and SELinux stays enforcing; nfs-utils is not installed, as on the EL nodes of the
# study's shared-nfs-storage trials (open-sudo/infraset jobs/multi-node-os-comparison/rhel10/
# shared-nfs-storage-rhel10/…__NnTe3LX: "package nfs-utils is not installed", firewalld running).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
getent group alice >/dev/null || groupadd -g 2001 alice
id alice >/dev/null 2>&1 || useradd -m -u 2001 -g 2001 -s /bin/bash alice
if [ "$NODE" = node1 ]; then
  install -d -o alice -g alice -m 0755 /srv/share
  printf 'Shared team files. Ask alice before deleting anything.\n' > /srv/share/README
  printf 'q1,q2,q3\n10,12,9\n' > /srv/share/plan.csv
  chown alice:alice /srv/share/README /srv/share/plan.csv
fi
