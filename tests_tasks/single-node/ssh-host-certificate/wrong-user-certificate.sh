#!/bin/bash
# must fail req-1, req-2: ssh-keygen -s without -h signs a user certificate; sshd presents it, but clients reject it as a host certificate
set -euo pipefail
. ./host-certificate.sh
mgmt_address
ssh-keygen -q -s /etc/ssh/ca/host_ca -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal,$mgmt" -V -5m:+52w /etc/ssh/ssh_host_ed25519_key.pub
chmod 644 /etc/ssh/ssh_host_ed25519_key-cert.pub
present_certificate
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub
