#!/bin/bash
# must fail req-3: the forward rule for the worker is "oifname eth2 accept" with no input interface, so anything from wan with a route to the LAN is let in, not only the tunnel
# steps: gateway:keys.sh upstream gateway
set -euo pipefail
. ./tunnel.sh
wg_private
case "$NODE" in
  upstream)
    worker_end ;;
  gateway)
    wg_exchange_wait /etc/wireguard/worker.pub "the worker"
    gateway_wg0
    grep -q 'oifname "eth2" accept' /etc/nftables.conf || \
      sed -i 's/^\t\tiifname "eth2" oifname "eth1" accept$/&\n\t\toifname "eth2" accept\n\t\tiifname "eth2" oifname "wg0" accept/' /etc/nftables.conf
    nft -c -f /etc/nftables.conf
    systemctl restart nftables.service
    systemctl enable --now wg-quick@wg0.service ;;
esac
