#!/bin/bash
# Parts of the rhel-family scripts (*.rhel.sh), where EL's layout differs from portal-ca.sh's:
# the system trust store and nginx's configuration directory.

# trust_ca_el: node1 trusts /root/ca/ca.crt system-wide, EL's way: a trust anchor in
# /etc/pki/ca-trust/source/anchors, then update-ca-trust (the extracted bundles that curl, OpenSSL
# and Python read).
trust_ca_el() {
  cp /root/ca/ca.crt /etc/pki/ca-trust/source/anchors/corp-internal-ca.crt
  update-ca-trust
}

# portal_tls_site_el: as portal_tls_site on node2, in /etc/nginx/conf.d (EL's nginx has no
# sites-enabled), and https let through firewalld permanently; returns once nginx listens on 443,
# fails if it does not in 10 s. SELinux: /etc/nginx/tls inherits httpd_config_t, which nginx reads.
portal_tls_site_el() {
  local i
  cat > /etc/nginx/conf.d/portal-tls.conf <<'CONF'
server {
    listen 443 ssl;
    server_name portal.corp.internal;
    ssl_certificate /etc/nginx/tls/portal.crt;
    ssl_certificate_key /etc/nginx/tls/portal.key;
    root /var/www/html;
    index index.html;
}
CONF
  nginx -t
  systemctl reload nginx.service
  firewall-cmd -q --permanent --add-service=https
  firewall-cmd -q --reload
  for i in $(seq 1 50); do ss -Hltn 'sport = :443' | grep -q . && return 0; sleep 0.2; done
  echo "nginx does not listen on 443" >&2
  return 1
}
