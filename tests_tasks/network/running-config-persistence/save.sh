#!/bin/bash
# Included by solution.sh and the wrong solutions: each saves a piece of the router's running
# configuration where its boot restores it.
# save_ruleset: the running nftables ruleset dumped into /etc/nftables.conf (after
# `flush ruleset`), checked; nftables.service is not touched.
save_ruleset() {
  { echo '#!/usr/sbin/nft -f'; echo 'flush ruleset'; nft list ruleset; } > /etc/nftables.conf
  nft -c -f /etc/nftables.conf
}

# save_route: the running route to the lab network 10.10.8.0/24 (its gateway read from the
# routing table) as a [Route] drop-in of the .network file networkd applies to eth2, reloaded.
save_route() {
  via=$(ip -4 route show 10.10.8.0/24 | awk '{print $3}')
  unit=$(networkctl status eth2 2>/dev/null | awk -F': ' '/Network File/ {print $2}' | xargs basename)
  install -d "/etc/systemd/network/$unit.d"
  printf '[Route]\nDestination=10.10.8.0/24\nGateway=%s\n' "$via" > "/etc/systemd/network/$unit.d/50-labnet.conf"
  networkctl reload
}
