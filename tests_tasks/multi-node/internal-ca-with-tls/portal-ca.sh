#!/bin/bash
# Parts of the reference solution's steps (solution-node1-ca.sh on node1, solution-node2-tls.sh
# on node2), as the wrong solutions that keep them repeat them.

# make_ca: the internal CA in /root/ca on node1 (ca.key, ca.crt; kept when already made), which
# is the working directory from then on.
make_ca() {
  install -d -m 0700 /root/ca
  cd /root/ca
  if [ ! -f ca.key ]; then
    openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
    # the CA's extensions from a config of its own: OpenSSL 1.1.1 (Debian 11) adds -addext's
    # basicConstraints beside openssl.cnf's v3_ca one, and a duplicate extension voids the CA
    cat > ca.cnf <<'CNF'
[req]
distinguished_name = dn
x509_extensions = v3_ca
prompt = no
[dn]
O = Corp
CN = Corp Internal CA
[v3_ca]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
CNF
    openssl req -x509 -new -key ca.key -config ca.cnf -days 3650 -out ca.crt
  fi
  chmod 0600 ca.key
}

# sign_portal_csr: in /root/ca, the CSR node2 hands off, signed by the CA as portal.crt (a server
# certificate for portal.corp.internal).
sign_portal_csr() {
  handoff_fetch "$OB_ADDR_NODE2_PRIV" portal.csr portal.csr
  printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:portal.corp.internal\n' > portal.ext
  openssl x509 -req -in portal.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 \
    -extfile portal.ext -out portal.crt
}

# portal_name: on node1, portal.corp.internal is node2's private address (/etc/hosts).
portal_name() {
  sed -i '/[[:space:]]portal\.corp\.internal$/d' /etc/hosts
  echo "$OB_ADDR_NODE2_PRIV portal.corp.internal" >> /etc/hosts
}

# serve_portal_cert: node1 hands the signed portal.crt off to node2.
serve_portal_cert() {
  handoff_put portal.crt
  handoff_serve "$OB_ADDR_NODE1_PRIV" portal.crt
}

# portal_tls_site: on node2, nginx serves the portal over HTTPS on 443 with
# /etc/nginx/tls/portal.{crt,key}; returns once it listens there, fails if it does not in 10 s.
portal_tls_site() {
  local i
  cat > /etc/nginx/sites-available/portal-tls <<'CONF'
server {
    listen 443 ssl;
    server_name portal.corp.internal;
    ssl_certificate /etc/nginx/tls/portal.crt;
    ssl_certificate_key /etc/nginx/tls/portal.key;
    root /var/www/html;
    index index.html;
}
CONF
  ln -sf ../sites-available/portal-tls /etc/nginx/sites-enabled/portal-tls
  nginx -t
  systemctl reload nginx.service
  for i in $(seq 1 50); do ss -Hltn 'sport = :443' | grep -q . && return 0; sleep 0.2; done
  echo "nginx does not listen on 443" >&2
  return 1
}
