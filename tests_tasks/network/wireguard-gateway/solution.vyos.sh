# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# Reference solution, in the order of [[oracle.steps]]: keys.sh on gateway (the shared script:
# wg, python3 and curl are part of the VyOS image), then solution.sh on upstream (a Debian
# host), then this on gateway: wg0 with the worker as its peer, and forward rules between wg0
# and the LAN beside the existing ones; the masquerade stays limited to eth1, so the LAN sees
# 10.99.0.2 unchanged. Committed and saved.
set -euo pipefail
[ "$NODE" = gateway ] || exit 0
for i in $(seq 1 100); do [ -s /etc/wireguard/worker.pub ] && break; sleep 0.2; done
[ -s /etc/wireguard/worker.pub ] || { echo "the worker's public key never arrived" >&2; exit 1; }
rm -f /run/wg-exchange.py
vbash -s <<CFG
source /opt/vyatta/etc/functions/script-template
configure
set interfaces wireguard wg0 address 10.99.0.1/24
set interfaces wireguard wg0 port 51820
set interfaces wireguard wg0 private-key '$(cat /etc/wireguard/private.key)'
set interfaces wireguard wg0 peer worker public-key '$(cat /etc/wireguard/worker.pub)'
set interfaces wireguard wg0 peer worker allowed-ips 10.99.0.2/32
set firewall ipv4 forward filter rule 30 action accept
set firewall ipv4 forward filter rule 30 inbound-interface name wg0
set firewall ipv4 forward filter rule 30 outbound-interface name eth2
set firewall ipv4 forward filter rule 40 action accept
set firewall ipv4 forward filter rule 40 inbound-interface name eth2
set firewall ipv4 forward filter rule 40 outbound-interface name wg0
commit
save
exit
CFG
