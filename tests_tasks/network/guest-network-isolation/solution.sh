#!/bin/bash
# Reference solution: eth1 = wan, eth2 = staff, eth3 = guest. New flows from the guest
# network may only leave by wan; the router itself refuses the guest network's SSH (on any of
# its addresses: the input hook sees the arriving interface, not the address asked for).
set -euo pipefail
. tasklib/nftables.sh
. ./ruleset.sh
[ "$NODE" = router ] || exit 0
{ printf '#!/usr/sbin/nft -f\nflush ruleset\n\n'; guest_table; } > /etc/nftables.conf
nftables_apply
