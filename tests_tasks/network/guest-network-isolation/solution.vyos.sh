# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = staff, eth3 = guest).
set -euo pipefail
. tasklib/vyos.sh
{
  echo 'set firewall ipv4 forward filter default-action accept'
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action reject in eth3 out '!eth1'
  echo 'set firewall ipv4 input filter default-action accept'
  vyos_rule "firewall ipv4 input filter" 10 action reject in eth3 proto tcp dport 22
} | vyos_configure
