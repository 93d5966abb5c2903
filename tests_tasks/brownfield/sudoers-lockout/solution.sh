#!/bin/bash
# Reference solution: the grant under a name sudo reads, for the right group; checked with
# visudo before it goes live, and the ignored file removed.
set -euo pipefail
tmp=$(mktemp)
printf '# sysops team: full root access, no password (OPS-1432)\n%%sysops ALL=(ALL:ALL) NOPASSWD: ALL\n' > "$tmp"
visudo -cf "$tmp"
install -m 440 -o root -g root "$tmp" /etc/sudoers.d/50-sysops
rm -f "$tmp" /etc/sudoers.d/sysops.conf
visudo -c
runuser -u ops -- sudo -n true
