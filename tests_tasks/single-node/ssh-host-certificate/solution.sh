#!/bin/bash
# Reference solution: sign the ed25519 host key with the CA as a host certificate (-h) for the
# three names, valid for a year, and add HostCertificate to sshd (a drop-in where the main
# config includes sshd_config.d, else the main file). The CA private key is only read by
# ssh-keygen, never printed.
set -euo pipefail
. ./host-certificate.sh
mgmt_address
ssh-keygen -q -s /etc/ssh/ca/host_ca -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal,$mgmt" -V -5m:+52w /etc/ssh/ssh_host_ed25519_key.pub
chmod 644 /etc/ssh/ssh_host_ed25519_key-cert.pub
present_certificate
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub | grep -A4 Principals
