# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
set -euo pipefail
. tasklib/vyos.sh
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
{
  vyos_rule "nat destination" 10 in eth1 dst 198.51.100.2 dport 80 proto tcp to "$CLIENT" to-port 8080
  echo 'set firewall ipv4 forward filter default-action drop'
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action accept in eth1 dst "$CLIENT" dport 8080 proto tcp nat-status destination
  vyos_rule "firewall ipv4 forward filter" 30 action accept in eth2
} | vyos_configure
