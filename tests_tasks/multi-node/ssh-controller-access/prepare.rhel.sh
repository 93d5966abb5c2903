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
firewalld_on
case "$NODE" in
  node1)
    id ops >/dev/null 2>&1 || useradd -m -s /bin/bash ops ;;
  node2)
    install -d /srv/webapp
    printf 'webapp ok\n' > /srv/webapp/index.html
    cat > /etc/systemd/system/webapp.service <<'UNIT'
[Unit]
Description=Web application
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 127.0.0.1 --directory /srv/webapp
Restart=on-failure
[Install]
WantedBy=multi-user.target
UNIT
    systemctl daemon-reload
    systemctl enable --now webapp.service ;;
esac
