#!/bin/bash
# Starting condition: a host CA key pair in /etc/ssh/ca (private key root-only); sshd presents
# plain host keys only. The private key is never printed.
set -euo pipefail
install -d -m 0700 -o root -g root /etc/ssh/ca
if [ ! -s /etc/ssh/ca/host_ca ]; then
  ssh-keygen -q -t ed25519 -N '' -C 'example-org host CA' -f /etc/ssh/ca/host_ca
fi
chmod 600 /etc/ssh/ca/host_ca
chmod 644 /etc/ssh/ca/host_ca.pub
rm -f /etc/ssh/ssh_host_*-cert.pub
test -s /etc/ssh/ssh_host_ed25519_key || ssh-keygen -A
