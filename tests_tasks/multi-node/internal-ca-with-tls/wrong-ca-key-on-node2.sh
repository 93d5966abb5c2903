#!/bin/bash
# must fail req-3: the CA is made on node1, but its key and certificate are handed to node2 so node2 can sign its own portal certificate there; the copy of the CA key stays on node2
# steps: node1 node2 node1
set -euo pipefail
case "$NODE" in
  node1)
    if [ -d /run/ob-xfer ]; then  # second pass: node2 has its certificate
      pkill -f 'http[.]server 8799' || true
      rm -rf /run/ob-xfer
      curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
      exit 0
    fi
    install -d -m 0700 /root/ca
    cd /root/ca
    if [ ! -f ca.key ]; then
      openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
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
    cp ca.crt /usr/local/share/ca-certificates/corp-internal-ca.crt
    update-ca-certificates >/dev/null
    sed -i '/[[:space:]]portal\.corp\.internal$/d' /etc/hosts
    echo "$OB_ADDR_NODE2_PRIV portal.corp.internal" >> /etc/hosts
    d=/run/ob-xfer; install -d "$d"; cp ca.crt ca.key "$d/"
    setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE1_PRIV" --directory "$d" \
      >/dev/null 2>&1 < /dev/null &
    for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ca.crt" >/dev/null && exit 0; sleep 0.2; done
    echo "transfer server did not come up" >&2; exit 1 ;;
  node2)
    install -d -m 0700 /root/ca /etc/nginx/tls
    curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ca.crt" -o /root/ca/ca.crt
    curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/ca.key" -o /root/ca/ca.key
    chmod 0600 /root/ca/ca.key
    [ -f /etc/nginx/tls/portal.key ] || openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
      -out /etc/nginx/tls/portal.key
    chmod 0600 /etc/nginx/tls/portal.key
    openssl req -new -key /etc/nginx/tls/portal.key -subj "/CN=portal.corp.internal" -out /root/ca/portal.csr
    printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:portal.corp.internal\n' > /root/ca/portal.ext
    openssl x509 -req -in /root/ca/portal.csr -CA /root/ca/ca.crt -CAkey /root/ca/ca.key -CAcreateserial \
      -days 825 -extfile /root/ca/portal.ext -out /etc/nginx/tls/portal.crt
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
    for i in $(seq 1 50); do ss -Hltn 'sport = :443' | grep -q . && exit 0; sleep 0.2; done
    echo "nginx does not listen on 443" >&2; exit 1 ;;
esac
