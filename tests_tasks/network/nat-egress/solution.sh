#!/bin/bash
# Reference solution: forwarding on, a stateful forward filter (LAN → upstream only, replies
# back) and masquerading of the LAN behind the upstream address; saved in /etc/nftables.conf
# and loaded at boot by nftables.service. gateway: eth1 = wan, eth2 = lan.
set -euo pipefail
. tasklib/ip-forward.sh
. tasklib/nftables.sh
. ./ruleset.sh
[ "$NODE" = gateway ] || exit 0
ip_forward_persistent
gateway_ruleset
nftables_apply
