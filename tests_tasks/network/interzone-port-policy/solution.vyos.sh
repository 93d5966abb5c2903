# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan, eth3 = dmz).
set -euo pipefail
. tasklib/vyos.sh
{
  echo 'set firewall ipv4 forward filter default-action drop'
  vyos_rule "firewall ipv4 forward filter" 10 action accept state established,related
  vyos_rule "firewall ipv4 forward filter" 20 action accept in eth1 out eth3 dst 10.10.3.10 proto tcp dport 443
  vyos_rule "firewall ipv4 forward filter" 30 action accept in eth2 out eth3 dst 10.10.3.10 proto tcp dport 22,443
  vyos_rule "firewall ipv4 forward filter" 40 action accept in eth2 out eth1
  vyos_rule "firewall ipv4 forward filter" 50 action accept in eth3 out eth1
} | vyos_configure
