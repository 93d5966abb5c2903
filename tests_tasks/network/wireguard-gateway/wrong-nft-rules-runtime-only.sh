#!/bin/bash
# must fail req-1: the forward rules for wg0 are added with nft add rule to the running ruleset only; nftables.service reloads /etc/nftables.conf at boot without them, so after the reboot the worker no longer gets into the LAN
# steps: gateway:keys.sh upstream gateway
set -euo pipefail
umask 077
install -d -m 700 /etc/wireguard
case "$NODE" in
  upstream)
    command -v wg >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wireguard-tools >/dev/null
    [ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
    gw_pub=$(curl -sf --max-time 5 http://198.51.100.2:8999/)
    wg pubkey < /etc/wireguard/private.key | curl -sf -X PUT --data-binary @- http://198.51.100.2:8999/ || true
    cat > /etc/wireguard/wg0.conf <<CONF
[Interface]
Address = 10.99.0.2/24
PrivateKey = $(cat /etc/wireguard/private.key)

[Peer]
PublicKey = $gw_pub
Endpoint = 198.51.100.2:51820
AllowedIPs = 10.99.0.0/24, 10.10.1.0/24
PersistentKeepalive = 25
CONF
    systemctl enable --now wg-quick@wg0.service ;;
  gateway)
    for i in $(seq 1 100); do [ -s /etc/wireguard/worker.pub ] && break; sleep 0.2; done
    [ -s /etc/wireguard/worker.pub ] || { echo "the worker's public key never arrived" >&2; exit 1; }
    cat > /etc/wireguard/wg0.conf <<CONF
[Interface]
Address = 10.99.0.1/24
ListenPort = 51820
PrivateKey = $(cat /etc/wireguard/private.key)

[Peer]
PublicKey = $(cat /etc/wireguard/worker.pub)
AllowedIPs = 10.99.0.2/32
CONF
    rm -f /run/wg-exchange.py
    nft add rule inet office forward iifname "wg0" oifname "eth2" accept
    nft add rule inet office forward iifname "eth2" oifname "wg0" accept
    systemctl enable --now wg-quick@wg0.service ;;
esac
