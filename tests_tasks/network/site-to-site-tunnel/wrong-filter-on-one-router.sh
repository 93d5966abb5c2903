#!/bin/bash
# must fail req-3: the forward filter that keeps wan out of the site is set on router-a only; router-b still forwards anything from wan into site-b in clear
# steps: router-a:keys.sh router-b router-a
set -euo pipefail
umask 077
install -d -m 700 /etc/wireguard
case "$NODE" in
  router-b)
    [ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
    peer_pub=$(curl -sf --max-time 5 http://198.51.100.1:8999/)
    wg pubkey < /etc/wireguard/private.key | curl -sf -X PUT --data-binary @- http://198.51.100.1:8999/ || true
    me=2; peer_wan=198.51.100.1; peer_site=10.30.1.0/24 ;;
  router-a)
    for i in $(seq 1 100); do [ -s /etc/wireguard/peer.pub ] && break; sleep 0.2; done
    [ -s /etc/wireguard/peer.pub ] || { echo "router-b's public key never arrived" >&2; exit 1; }
    peer_pub=$(cat /etc/wireguard/peer.pub)
    rm -f /run/wg-exchange.py
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
if [ "$NODE" = router-a ]; then
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
  nft -c -f /etc/nftables.conf
  systemctl enable nftables.service
  systemctl restart nftables.service
fi
systemctl enable --now wg-quick@wg0.service
