#!/bin/bash
# must fail req-3: the signing is done in a scratch folder with a copy of the CA private key, and the copy is left there (root-only, but a copy the instruction forbids)
set -euo pipefail
dev=$(ip -4 route show default | awk '{print $5; exit}')
mgmt=$(ip -4 -o addr show dev "${dev:-eth0}" | awk '{split($4, a, "/"); print a[1]; exit}')
work=/root/hostcert
install -d -m 700 "$work"
cp -p /etc/ssh/ca/host_ca /etc/ssh/ca/host_ca.pub /etc/ssh/ssh_host_ed25519_key.pub "$work/"
ssh-keygen -q -s "$work/host_ca" -h -I "node1-host-$(date +%Y%m%d)" \
  -n "node1,node1.lab.internal,$mgmt" -V -5m:+52w "$work/ssh_host_ed25519_key.pub"
install -m 644 "$work/ssh_host_ed25519_key-cert.pub" /etc/ssh/ssh_host_ed25519_key-cert.pub
line="HostCertificate /etc/ssh/ssh_host_ed25519_key-cert.pub"
if grep -qiE '^\s*Include\s+/etc/ssh/sshd_config.d/\*\.conf' /etc/ssh/sshd_config; then
  echo "$line" > /etc/ssh/sshd_config.d/50-host-certificate.conf
elif ! grep -qxF "$line" /etc/ssh/sshd_config; then
  sed -i "1i $line" /etc/ssh/sshd_config
fi
sshd -t
systemctl restart ssh.service 2>/dev/null || systemctl restart sshd.service
ssh-keygen -L -f /etc/ssh/ssh_host_ed25519_key-cert.pub
