#!/bin/bash
# A root job on node1 that reaches node2 over SSH with a dedicated key, which node2 restricts to
# rrsync in one directory (config-sync, scheduled-backup). The key's public half travels once
# over the hand-off (http-handoff.sh); node2's host key is trusted by root (ssh-root-trust.sh).
. tasklib/http-handoff.sh
. tasklib/ssh-root-trust.sh

# ssh_job_key NAME: (node1) root's dedicated key /root/.ssh/NAME (ed25519, comment NAME with
# dashes for underscores; made once), its public half served on node1's private address until
# ssh_job_trust
ssh_job_key() {
  install -d -m 0700 /root/.ssh
  [ -f "/root/.ssh/$1" ] || ssh-keygen -q -t ed25519 -N '' -C "${1//_/-}" -f "/root/.ssh/$1"
  handoff_put "/root/.ssh/$1.pub"
  handoff_serve "$OB_ADDR_NODE1_PRIV" "$1.pub"
}

# ssh_job_authorize NAME DIR: (node2) node1's public key NAME fetched and authorized for root,
# restricted to rrsync in DIR ($RRSYNC: rrsync.sh or rrsync-el.sh)
ssh_job_authorize() {
  local pub
  pub=$(handoff_fetch "$OB_ADDR_NODE1_PRIV" "$1.pub")
  authorize_root_key "${1//_/-}" "restrict,command=\"$RRSYNC $2\" $pub"
}

# ssh_job_trust: (node1) the hand-off server stopped and node2's host key trusted by root
ssh_job_trust() {
  handoff_stop
  trust_host_key "$OB_ADDR_NODE2_PRIV"
}

# ssh_job_command PATH COMMENT COMMAND: (node1) the job's executable PATH, a /bin/sh script that says
# COMMENT and execs COMMAND
ssh_job_command() {
  printf '#!/bin/sh\n# %s\nexec %s\n' "$2" "$3" > "$1"
  chmod 0755 "$1"
}

# ssh_job_service UNIT DESCRIPTION COMMAND: (node1) the oneshot unit UNIT.service that runs COMMAND
ssh_job_service() {
  cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=$2
[Service]
Type=oneshot
ExecStart=$3
UNIT
}

# ssh_job_timer UNIT: (node1) units reloaded, UNIT.timer enabled and started, and UNIT.service
# run once now through systemd (which runs it once even if the timer fires now too)
ssh_job_timer() {
  systemctl daemon-reload
  systemctl enable --now "$1.timer"
  systemctl start "$1.service"
}
