# must fail req-3: the forward filter that keeps wan out of the site is set on router-a only; router-b still forwards anything from wan into site-b in clear
# steps: router-a:keys.sh router-b router-a
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = the site).
# The reference solution, with its forward filter set on router-a only.
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
filter=""
if [ "$NODE" = router-a ]; then
  filter="set firewall ipv4 forward filter default-action accept
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action drop
set firewall ipv4 forward filter rule 20 inbound-interface name eth1"
fi
[ -n "$peer_pub" ] || { echo "no public key for $peer" >&2; exit 1; }
vyos_configure <<CFG
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
$filter
CFG
