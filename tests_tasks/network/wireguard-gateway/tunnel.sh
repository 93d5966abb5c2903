#!/bin/bash
# Included by solution.sh and the wrong solutions (after wg_private):
# each end's /etc/wireguard/wg0.conf, and the worker's whole side.
. tasklib/wg-exchange.sh

# worker_wg0 GATEWAY_PUB: upstream's wg0.conf: 10.99.0.2, the gateway on wan as its peer, the
# office LAN reached through it
worker_wg0() {
  cat > /etc/wireguard/wg0.conf <<CONF
[Interface]
Address = 10.99.0.2/24
PrivateKey = $(cat /etc/wireguard/private.key)

[Peer]
PublicKey = $1
Endpoint = 198.51.100.2:51820
AllowedIPs = 10.99.0.0/24, 10.10.1.0/24
PersistentKeepalive = 25
CONF
}

# gateway_wg0: the gateway's wg0.conf: 10.99.0.1 on udp/51820, the worker's key
# (/etc/wireguard/worker.pub) as its one peer
gateway_wg0() {
  cat > /etc/wireguard/wg0.conf <<CONF
[Interface]
Address = 10.99.0.1/24
ListenPort = 51820
PrivateKey = $(cat /etc/wireguard/private.key)

[Peer]
PublicKey = $(cat /etc/wireguard/worker.pub)
AllowedIPs = 10.99.0.2/32
CONF
}

# worker_end: all of upstream's side: wireguard-tools, its own key pair, the public keys swapped
# with the exchange keys.sh started on gateway, wg0 up and enabled at boot
worker_end() {
  command -v wg >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wireguard-tools >/dev/null
  wg_exchange_swap 198.51.100.2
  worker_wg0 "$WG_PEER_PUB"
  systemctl enable --now wg-quick@wg0.service
}
