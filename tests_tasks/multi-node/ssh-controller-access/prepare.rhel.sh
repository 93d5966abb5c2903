#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same account and unit): ops exists on node1 only (no key);
# node2 runs webapp. firewalld runs (installed and enabled here where the image lacks it; ssh is in
# its default zone) and SELinux stays enforcing; sshd is sshd.service with PermitRootLogin
# prohibit-password and key logins for users, as on the EL nodes of the study's
# ssh-controller-access trials (open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/
# ssh-controller-access-almalinux9/…__LY83d5Q: OpenSSH 8.7, systemctl reload sshd, a user's key
# login from node1 to node2).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
. tasklib/static-site.sh
firewalld_on
case "$NODE" in
  node1)
    id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops ;;
  node2)
    static_site webapp 8080 /srv/webapp "Web application" "webapp ok" 127.0.0.1 ;;
esac
