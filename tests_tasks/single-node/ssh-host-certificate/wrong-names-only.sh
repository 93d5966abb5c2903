#!/bin/bash
# must fail req-1, req-2: the certificate names node1 and node1.lab.internal only, not node1's management IP address, so a client connecting by address gets no matching host certificate
set -euo pipefail
ssh-keygen -q -s /etc/ssh/ca/host_ca -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal" -V -5m:+52w /etc/ssh/ssh_host_ed25519_key.pub
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
