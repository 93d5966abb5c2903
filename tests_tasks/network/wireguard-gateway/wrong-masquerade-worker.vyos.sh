# must fail req-1: the worker's traffic is also masqueraded into the LAN ("so client can answer it"), so client sees the gateway's 10.10.1.1 instead of the worker's 10.99.0.2
# steps: gateway:keys.sh upstream gateway
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# The reference solution, plus a masquerade of the tunnel network into the LAN.
set -euo pipefail
. tasklib/vyos.sh
[ "$NODE" = gateway ] || exit 0
for i in $(seq 1 100); do [ -s /etc/wireguard/worker.pub ] && break; sleep 0.2; done
[ -s /etc/wireguard/worker.pub ] || { echo "the worker's public key never arrived" >&2; exit 1; }
rm -f /run/wg-exchange.py
{
  cat <<CFG
set interfaces wireguard wg0 address 10.99.0.1/24
set interfaces wireguard wg0 port 51820
set interfaces wireguard wg0 private-key '$(cat /etc/wireguard/private.key)'
set interfaces wireguard wg0 peer worker public-key '$(cat /etc/wireguard/worker.pub)'
set interfaces wireguard wg0 peer worker allowed-ips 10.99.0.2/32
CFG
  vyos_rule "firewall ipv4 forward filter" 30 action accept in wg0 out eth2
  vyos_rule "firewall ipv4 forward filter" 40 action accept in eth2 out wg0
  vyos_rule "nat source" 110 out eth2 src 10.99.0.0/24 to masquerade
} | vyos_configure
