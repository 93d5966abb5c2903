#!/bin/bash
# Reference solution: sign the ed25519 host key with the CA as a host certificate (-h) for the
# three names, valid for a year, and add HostCertificate to sshd (a drop-in where the main
# config includes sshd_config.d, else the main file). The CA private key is only read by
# ssh-keygen, never printed.
set -euo pipefail
# the management address: the one on the interface of the default route (eth0 on our images)
dev=$(ip -4 route show default | awk '{print $5; exit}')
mgmt=$(ip -4 -o addr show dev "${dev:-eth0}" | awk '{split($4, a, "/"); print a[1]; exit}')
ssh-keygen -q -s /etc/ssh/ca/host_ca -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal,$mgmt" -V -5m:+52w /etc/ssh/ssh_host_ed25519_key.pub
chmod 644 /etc/ssh/ssh_host_ed25519_key-cert.pub
line="HostCertificate /etc/ssh/ssh_host_ed25519_key-cert.pub"
if grep -qiE '^\s*Include\s+/etc/ssh/sshd_config.d/\*\.conf' /etc/ssh/sshd_config; then
  echo "$line" > /etc/ssh/sshd_config.d/50-host-certificate.conf
elif ! grep -qxF "$line" /etc/ssh/sshd_config; then
  sed -i "1i $line" /etc/ssh/sshd_config
fi
sshd -t
systemctl restart ssh.service 2>/dev/null || systemctl restart sshd.service
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub | grep -A4 Principals
