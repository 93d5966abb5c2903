# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
set -euo pipefail
. tasklib/vyos.sh
{
  echo 'set firewall ipv4 forward filter default-action accept'
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action accept in eth1 out eth2 proto tcp dport 443 state new
  vyos_rule "firewall ipv4 forward filter" 30 action reject in eth1 out eth2
} | vyos_configure
