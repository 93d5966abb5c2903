#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98; not rhel100, see task.toml).
# Starting condition, as prepare.sh: node2 serves the portal over plain HTTP with nginx (the same
# page, /var/www/html/index.html, in a server block of its own that is nginx's default on port 80,
# since EL's nginx.conf keeps its test page under /usr/share/nginx/html); node1 has nothing.
# firewalld runs on both (installed and enabled here where the image lacks it), with http open on
# node2 as the admin who set up the portal had it; SELinux stays enforcing. That is the state of
# the EL nodes in the study's internal-ca-tls trials (open-sudo/infraset jobs/
# multi-node-os-comparison/almalinux9/internal-ca-tls-almalinux9/…__mCNcWx3: firewalld active,
# nginx 1.20 from AppStream via dnf, conf.d server blocks).
# REPOSITORIES: nginx (and firewalld, if missing) from the image's own AppStream/BaseOS (RHEL: a
# subscription); not through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
[ "$NODE" = node2 ] || exit 0
if ! rpm -q nginx >/dev/null 2>&1; then
  dnf -y -q install nginx >/tmp/ob-install.log 2>&1 || { tail -n 20 /tmp/ob-install.log; exit 1; }
fi
install -d -m 0755 /var/www/html
printf '<html><body><h1>Corp portal</h1><p>internal services directory</p></body></html>\n' \
  > /var/www/html/index.html
restorecon -R /var/www
cat > /etc/nginx/conf.d/portal.conf <<'CONF'
server {
    listen 80 default_server;
    server_name portal.corp.internal;
    root /var/www/html;
    index index.html;
}
CONF
# EL9's nginx.conf keeps its own port-80 server without default_server; should a release mark it
# default, the portal's block could not be, so the mark is taken off there
sed -i -E 's/(listen[^;]*) default_server;/\1;/' /etc/nginx/nginx.conf
nginx -t
firewall-cmd -q --permanent --add-service=http
firewall-cmd -q --reload
systemctl enable --now nginx.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1/ | grep -q 'Corp portal' && exit 0; sleep 0.2; done
echo "nginx does not serve the portal" >&2; exit 1
