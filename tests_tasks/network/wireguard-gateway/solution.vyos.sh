# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# Reference solution, in the order of [[oracle.steps]]: keys.sh on gateway (the shared script:
# wg, python3 and curl are part of the VyOS image), then solution.sh on upstream (a Debian
# host), then this on gateway: wg0 with the worker as its peer, and forward rules between wg0
# and the LAN beside the existing ones; the masquerade stays limited to eth1, so the LAN sees
# 10.99.0.2 unchanged. Committed and saved.
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
} | vyos_configure
