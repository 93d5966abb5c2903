#!/bin/bash
# Reference solution: an nftables ruleset with drop policies on input and forward. Management
# (eth0) and loopback stay open; lan1 may SSH to the router; lan1 → lan2 only tcp/80; what is
# dropped is logged (rate-limited) with the OB-DROP prefix. Loaded by nftables.service at boot.
set -euo pipefail
. tasklib/nftables.sh
. ./ruleset.sh
[ "$NODE" = router ] || exit 0
{ printf '#!/usr/sbin/nft -f\nflush ruleset\n\n'; audit_table; } > /etc/nftables.conf
nftables_apply
