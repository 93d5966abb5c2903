# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = front, eth2 = back).
# Starting condition on frontend, as on the linux-router: it forwards (VyOS does out of the
# box) and publishes 10.20.0.1:80 → backend1:8080 with a DNAT rule that matches on any
# inbound interface, saved; no source NAT, so from the back network the address hangs.
# backend1's application comes from prepare.sh (it runs on the hosts).
set -euo pipefail
. tasklib/vyos.sh
{
  vyos_rule "nat destination" 10 dst 10.20.0.1 proto tcp dport 80 to 10.20.1.11 to-port 8080
} | vyos_configure
