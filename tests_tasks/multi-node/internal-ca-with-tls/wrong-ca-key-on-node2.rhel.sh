#!/bin/bash
# must fail req-3: the CA is made on node1, but its key and certificate are handed to node2 so node2 can sign its own portal certificate there; the copy of the CA key stays on node2
# steps: node1 node2 node1
# rhel family, written, NOT validated: the same mistake as wrong-ca-key-on-node2.sh, with EL's trust
# store on node1, nginx's conf.d and https in firewalld on node2, and the hand-off port let through
# firewalld while it runs, as in the reference
set -euo pipefail
. tasklib/http-handoff.sh
. ./portal-ca.sh
. ./el-portal.sh
case "$NODE" in
  node1)
    if [ -d "$HANDOFF_DIR" ]; then  # second pass: node2 has its certificate
      handoff_stop
      curl -sS --max-time 10 https://portal.corp.internal/ | grep -q 'Corp portal'
      exit 0
    fi
    make_ca
    trust_ca_el
    portal_name
    handoff_put ca.crt
    handoff_put ca.key
    handoff_serve "$OB_ADDR_NODE1_PRIV" ca.crt ;;
  node2)
    install -d -m 0700 /root/ca /etc/nginx/tls
    handoff_fetch "$OB_ADDR_NODE1_PRIV" ca.crt /root/ca/ca.crt
    handoff_fetch "$OB_ADDR_NODE1_PRIV" ca.key /root/ca/ca.key
    chmod 0600 /root/ca/ca.key
    [ -f /etc/nginx/tls/portal.key ] || openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
      -out /etc/nginx/tls/portal.key
    chmod 0600 /etc/nginx/tls/portal.key
    openssl req -new -key /etc/nginx/tls/portal.key -subj "/CN=portal.corp.internal" -out /root/ca/portal.csr
    printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:portal.corp.internal\n' > /root/ca/portal.ext
    openssl x509 -req -in /root/ca/portal.csr -CA /root/ca/ca.crt -CAkey /root/ca/ca.key -CAcreateserial \
      -days 825 -extfile /root/ca/portal.ext -out /etc/nginx/tls/portal.crt
    portal_tls_site_el ;;
esac
