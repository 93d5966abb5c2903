#!/bin/bash
# must fail req-1: the forward rules for wg0 are added with nft add rule to the running ruleset only; nftables.service reloads /etc/nftables.conf at boot without them, so after the reboot the worker no longer gets into the LAN
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
    nft add rule inet office forward iifname "wg0" oifname "eth2" accept
    nft add rule inet office forward iifname "eth2" oifname "wg0" accept
    systemctl enable --now wg-quick@wg0.service ;;
esac
