#!/bin/bash
# Reference solution: a forward filter with a drop policy on the firewall; eth1 = wan,
# eth2 = lan, eth3 = dmz. Replies pass as established; each zone pair gets its own rules.
set -euo pipefail
. tasklib/nftables.sh
. ./ruleset.sh
[ "$NODE" = firewall ] || exit 0
{ printf '#!/usr/sbin/nft -f\nflush ruleset\n\n'; zones_table; } > /etc/nftables.conf
nftables_apply
