# must fail req-1: each router masquerades what it sends into the tunnel (so the far side "can answer"), so each host sees the other router's tunnel address, not the other host's own: NAT between the sites
# steps: router-a:keys.sh router-b router-a
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = the site).
# The reference solution, plus a source NAT of everything that leaves through wg0.
set -euo pipefail
. tasklib/vyos.sh
umask 077
install -d -m 700 /etc/wireguard
case "$NODE" in
  router-b)
    [ -s /etc/wireguard/private.key ] || wg genkey > /etc/wireguard/private.key
    peer_pub=$(curl -sf --max-time 5 http://198.51.100.1:8999/)
    wg pubkey < /etc/wireguard/private.key | curl -sf -X PUT --data-binary @- http://198.51.100.1:8999/ || true
    me=2; peer=router-a; peer_wan=198.51.100.1; peer_site=10.30.1.0/24 ;;
  router-a)
    for i in $(seq 1 100); do [ -s /etc/wireguard/peer.pub ] && break; sleep 0.2; done
    [ -s /etc/wireguard/peer.pub ] || { echo "router-b's public key never arrived" >&2; exit 1; }
    peer_pub=$(cat /etc/wireguard/peer.pub)
    rm -f /run/wg-exchange.py
    me=1; peer=router-b; peer_wan=198.51.100.2; peer_site=10.30.2.0/24 ;;
  *) exit 0 ;;
esac
[ -n "$peer_pub" ] || { echo "no public key for $peer" >&2; exit 1; }
{
  cat <<CFG
set interfaces wireguard wg0 address 10.99.0.$me/30
set interfaces wireguard wg0 port 51820
set interfaces wireguard wg0 private-key '$(cat /etc/wireguard/private.key)'
set interfaces wireguard wg0 peer $peer public-key '$peer_pub'
set interfaces wireguard wg0 peer $peer address $peer_wan
set interfaces wireguard wg0 peer $peer port 51820
set interfaces wireguard wg0 peer $peer allowed-ips 10.99.0.0/30
set interfaces wireguard wg0 peer $peer allowed-ips $peer_site
set interfaces wireguard wg0 peer $peer persistent-keepalive 25
set protocols static route $peer_site interface wg0
set firewall ipv4 forward filter default-action accept
CFG
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action drop in eth1
  vyos_rule "nat source" 100 out wg0 to masquerade
} | vyos_configure
