#!/bin/bash
# Included by solution.sh and the wrong solutions (after wg_private); it
# includes tasklib/nftables.sh and tasklib/wg-exchange.sh for them.
. tasklib/nftables.sh
. tasklib/wg-exchange.sh

# tunnel_conf: the router's /etc/wireguard/wg0.conf: router-b swaps public keys with the exchange
# keys.sh started on router-a, router-a takes router-b's key from it. On any other node it ends
# the script.
tunnel_conf() {
  case "$NODE" in
    router-b)
      wg_exchange_swap 198.51.100.1
      peer_pub=$WG_PEER_PUB
      me=2; peer_wan=198.51.100.1; peer_site=10.30.1.0/24 ;;
    router-a)
      wg_exchange_wait /etc/wireguard/peer.pub router-b
      peer_pub=$(cat /etc/wireguard/peer.pub)
      me=1; peer_wan=198.51.100.2; peer_site=10.30.2.0/24 ;;
    *) exit 0 ;;
  esac
  cat > /etc/wireguard/wg0.conf <<CONF
[Interface]
Address = 10.99.0.$me/30
ListenPort = 51820
PrivateKey = $(cat /etc/wireguard/private.key)

[Peer]
PublicKey = $peer_pub
Endpoint = $peer_wan:51820
AllowedIPs = 10.99.0.0/30, $peer_site
PersistentKeepalive = 25
CONF
}

# sites_filter: the router's forward filter (replies pass, nothing new from wan: eth1) in
# /etc/nftables.conf, checked, loaded and enabled at boot
sites_filter() {
  cat > /etc/nftables.conf <<'NFT'
#!/usr/sbin/nft -f
flush ruleset

table inet sites {
	chain forward {
		type filter hook forward priority filter; policy accept;
		ct state established,related accept
		iifname "eth1" drop
	}
}
NFT
  nftables_apply
}
