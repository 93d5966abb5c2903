#!/bin/bash
# must fail req-2: the grant is written for the account in the ticket (ops) instead of the sysops group, so any other or future team member still has no sudo
set -euo pipefail
tmp=$(mktemp)
printf '# on-call: full root access, no password (OPS-1432)\nops ALL=(ALL:ALL) NOPASSWD: ALL\n' > "$tmp"
visudo -cf "$tmp"
install -m 440 -o root -g root "$tmp" /etc/sudoers.d/50-ops
rm -f "$tmp"
visudo -c
runuser -u ops -- sudo -n true
