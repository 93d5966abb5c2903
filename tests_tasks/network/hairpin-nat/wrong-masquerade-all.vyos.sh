# must fail req-3: everything leaving towards the back network is masqueraded, so hairpin works but the application logs the router's address for front clients too, not their own
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = front, eth2 = back).
set -euo pipefail
. tasklib/vyos.sh
{
  vyos_rule "nat source" 100 out eth2 to masquerade
} | vyos_configure
