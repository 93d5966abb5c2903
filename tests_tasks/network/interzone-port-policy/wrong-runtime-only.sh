#!/bin/bash
# must fail req-1, req-2, req-3: the policy is loaded into the kernel with nft -f - and never saved to /etc/nftables.conf nor loaded at boot, so after the reboot the firewall forwards everything again
set -euo pipefail
. ./ruleset.sh
[ "$NODE" = firewall ] || exit 0
zones_table | nft -f -
nft list table inet zones
