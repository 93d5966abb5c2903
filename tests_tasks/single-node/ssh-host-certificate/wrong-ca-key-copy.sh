#!/bin/bash
# must fail req-3: the signing is done in a scratch folder with a copy of the CA private key, and the copy is left there (root-only, but a copy the instruction forbids)
set -euo pipefail
. ./host-certificate.sh
mgmt_address
work=/root/hostcert
install -d -m 700 "$work"
cp -p /etc/ssh/ca/host_ca /etc/ssh/ca/host_ca.pub /etc/ssh/ssh_host_ed25519_key.pub "$work/"
ssh-keygen -q -s "$work/host_ca" -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal,$mgmt" -V -5m:+52w "$work/ssh_host_ed25519_key.pub"
install -m 644 "$work/ssh_host_ed25519_key-cert.pub" /etc/ssh/ssh_host_ed25519_key-cert.pub
present_certificate
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub
