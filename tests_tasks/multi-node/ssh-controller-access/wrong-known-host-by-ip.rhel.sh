#!/bin/bash
# must fail req-1, req-2: node2's host key is trusted under its address only (ssh-keyscan 10.100.0.12) and tested with `ssh 10.100.0.12`; `ssh node2` looks the key up by the name node2, finds none and fails in batch mode, so neither the login nor the sudo through it works
# steps: node1:solution-node1-key.sh node2:solution-node2.sh node1
# rhel family, written, NOT validated: the same mistake as wrong-known-host-by-ip.sh; as in
# solution-node1-finish.rhel.sh the hand-off port is closed again in firewalld
set -euo pipefail
. tasklib/http-handoff.sh
handoff_stop
kh=/home/ops/.ssh/known_hosts
touch "$kh"
ssh-keygen -R "$OB_ADDR_NODE2_PRIV" -f "$kh" >/dev/null 2>&1 || true
ssh-keyscan -t ed25519 "$OB_ADDR_NODE2_PRIV" 2>/dev/null >> "$kh"
chown ops:ops "$kh"; chmod 0644 "$kh"
runuser -u ops -- ssh -o BatchMode=yes "$OB_ADDR_NODE2_PRIV" sudo -n systemctl status webapp >/dev/null
