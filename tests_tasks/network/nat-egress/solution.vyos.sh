# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
set -euo pipefail
. tasklib/vyos.sh
{
  vyos_rule "nat source" 100 out eth1 src 10.10.1.0/24 to masquerade
  echo 'set firewall ipv4 forward filter default-action drop'
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action accept in eth2 out eth1 src 10.10.1.0/24
} | vyos_configure
