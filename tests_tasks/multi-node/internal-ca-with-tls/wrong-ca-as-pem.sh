#!/bin/bash
# must fail req-1: the CA certificate is dropped into /usr/local/share/ca-certificates as corp-internal-ca.pem; update-ca-certificates only takes *.crt there, so node1's trust store never gets the CA (the agent tested with --cacert)
# steps: node2:solution-node2-csr.sh node1 node2:solution-node2-tls.sh node1
set -euo pipefail
if [ -f /run/ob-xfer/portal.crt ]; then  # second pass: node2 serves the certificate
  pkill -f 'http[.]server 8799' || true
  rm -rf /run/ob-xfer
  curl -sS --max-time 10 --cacert /root/ca/ca.crt https://portal.corp.internal/ | grep -q 'Corp portal'
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
curl -sf "http://$OB_ADDR_NODE2_PRIV:8799/portal.csr" -o portal.csr
printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:portal.corp.internal\n' > portal.ext
openssl x509 -req -in portal.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 \
  -extfile portal.ext -out portal.crt
cp ca.crt /usr/local/share/ca-certificates/corp-internal-ca.pem
update-ca-certificates >/dev/null
sed -i '/[[:space:]]portal\.corp\.internal$/d' /etc/hosts
echo "$OB_ADDR_NODE2_PRIV portal.corp.internal" >> /etc/hosts
d=/run/ob-xfer; install -d "$d"; cp portal.crt "$d/"
setsid timeout 900 python3 -m http.server 8799 --bind "$OB_ADDR_NODE1_PRIV" --directory "$d" \
  >/dev/null 2>&1 < /dev/null &
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/portal.crt" >/dev/null && exit 0; sleep 0.2; done
echo "certificate server did not come up" >&2; exit 1
