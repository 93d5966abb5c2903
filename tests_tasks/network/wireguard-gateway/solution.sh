#!/bin/bash
# Reference solution, in the order of [[oracle.steps]]: keys.sh on gateway, then this on
# upstream (its key pair, the gateway's public key from the exchange, its own public key back,
# wg-quick enabled), then this on gateway (the peer, the forward rules for wg0, wg-quick).
# The LAN sees 10.99.0.2 unchanged: the masquerade stays limited to eth1.
set -euo pipefail
. ./tunnel.sh
wg_private
case "$NODE" in
  upstream)
    worker_end ;;
  gateway)
    wg_exchange_wait /etc/wireguard/worker.pub "the worker"
    gateway_wg0
    grep -q 'iifname "wg0"' /etc/nftables.conf || \
      sed -i 's/^\t\tiifname "eth2" oifname "eth1" accept$/&\n\t\tiifname "wg0" oifname "eth2" accept\n\t\tiifname "eth2" oifname "wg0" accept/' /etc/nftables.conf
    nft -c -f /etc/nftables.conf
    systemctl restart nftables.service
    systemctl enable --now wg-quick@wg0.service ;;
esac
