#!/bin/bash
# Reference solution, step 3 (node1): trust node2's host key for ops; verify.
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
