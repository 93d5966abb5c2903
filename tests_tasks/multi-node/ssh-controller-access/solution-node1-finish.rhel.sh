#!/bin/bash
# Reference solution, step 3 (node1), rhel family, written, NOT validated: as
# solution-node1-finish.sh (node2's host key trusted for ops; verify), the hand-off port closed
# again in firewalld.
set -euo pipefail
. tasklib/http-handoff.sh
handoff_stop
kh=/home/ops/.ssh/known_hosts
touch "$kh"
ssh-keyscan -t ed25519 node2 2>/dev/null > /tmp/node2.keys
ssh-keygen -R node2 -f "$kh" >/dev/null 2>&1 || true
cat /tmp/node2.keys >> "$kh"; rm -f /tmp/node2.keys
chown ops:ops "$kh"; chmod 0644 "$kh"
runuser -u ops -- ssh -o BatchMode=yes node2 sudo -n systemctl status webapp >/dev/null
