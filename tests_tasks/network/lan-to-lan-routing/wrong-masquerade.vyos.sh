# must fail req-1, req-2: forwarding is on (persistently) but, out of router habit, traffic is masqueraded on the way out of each LAN interface, so each host sees the router's address instead of the other host's
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
set -euo pipefail
. tasklib/vyos.sh
{
  echo 'delete system ip disable-forwarding'
  vyos_rule "nat source" 100 out eth1 to masquerade
  vyos_rule "nat source" 110 out eth2 to masquerade
} | vyos_configure
