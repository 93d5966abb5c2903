#!/bin/bash
# sshd_restart: restarts the SSH server, whose unit is ssh.service on Debian and Ubuntu and
# sshd.service on the RHEL family; fails when neither restarts. Test the configuration first
# (`sshd -t`): a server that does not come back locks everyone out.
sshd_restart() {
  systemctl restart ssh.service 2>/dev/null || systemctl restart sshd.service
}

# sshd_listening: waits up to 10 s until something listens on TCP port 22; fails if nothing does.
sshd_listening() {
  local i
  for i in $(seq 50); do ss -Hltn 'sport = :22' | grep -q . && return 0; sleep 0.2; done
  return 1
}
