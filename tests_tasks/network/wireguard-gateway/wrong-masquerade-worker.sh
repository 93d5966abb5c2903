#!/bin/bash
# must fail req-1: the worker's traffic is also masqueraded into the LAN ("so client can answer it"), so client sees the gateway's 10.10.1.1 instead of the worker's 10.99.0.2
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
    grep -q 'iifname "wg0"' /etc/nftables.conf || \
      sed -i 's/^\t\tiifname "eth2" oifname "eth1" accept$/&\n\t\tiifname "wg0" oifname "eth2" accept\n\t\tiifname "eth2" oifname "wg0" accept/' /etc/nftables.conf
    grep -q 'oifname "eth2" ip saddr 10.99.0.0/24 masquerade' /etc/nftables.conf || \
      sed -i 's/^\t\toifname "eth1" ip saddr 10.10.1.0\/24 masquerade$/&\n\t\toifname "eth2" ip saddr 10.99.0.0\/24 masquerade/' /etc/nftables.conf
    nft -c -f /etc/nftables.conf
    systemctl restart nftables.service
    systemctl enable --now wg-quick@wg0.service ;;
esac
