#!/bin/bash
# must fail req-1, req-2: the certificate names node1 and node1.lab.internal only, not node1's management IP address, so a client connecting by address gets no matching host certificate
set -euo pipefail
. ./host-certificate.sh
ssh-keygen -q -s /etc/ssh/ca/host_ca -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal" -V -5m:+52w /etc/ssh/ssh_host_ed25519_key.pub
chmod 644 /etc/ssh/ssh_host_ed25519_key-cert.pub
present_certificate
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub
