#!/bin/bash
# The reference solution's steps around the signing, included by it and its wrong solutions.
. tasklib/sshd-restart.sh

# mgmt_address: sets $mgmt to node1's management address: the one on the interface of the
# default route (eth0 on our images).
mgmt_address() {
  local dev
  dev=$(ip -4 route show default | awk '{print $5; exit}')
  mgmt=$(ip -4 -o addr show dev "${dev:-eth0}" | awk '{split($4, a, "/"); print a[1]; exit}')
}

# present_certificate: sshd presents /etc/ssh/ssh_host_ed25519_key-cert.pub: HostCertificate in a
# drop-in where sshd_config includes sshd_config.d, else as the first line of sshd_config (once);
# the configuration is tested, then sshd restarted.
present_certificate() {
  local line="HostCertificate /etc/ssh/ssh_host_ed25519_key-cert.pub"
  if grep -qiE '^\s*Include\s+/etc/ssh/sshd_config.d/\*\.conf' /etc/ssh/sshd_config; then
    echo "$line" > /etc/ssh/sshd_config.d/50-host-certificate.conf
  elif ! grep -qxF "$line" /etc/ssh/sshd_config; then
    sed -i "1i $line" /etc/ssh/sshd_config
  fi
  sshd -t
  sshd_restart
}
