#!/bin/bash
# must fail req-1, req-2: ssh-keygen -s without -h signs a user certificate; sshd presents it, but clients reject it as a host certificate
set -euo pipefail
dev=$(ip -4 route show default | awk '{print $5; exit}')
mgmt=$(ip -4 -o addr show dev "${dev:-eth0}" | awk '{split($4, a, "/"); print a[1]; exit}')
ssh-keygen -q -s /etc/ssh/ca/host_ca -I "node1-host-$(date +%Y%m%d)" \
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
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub
