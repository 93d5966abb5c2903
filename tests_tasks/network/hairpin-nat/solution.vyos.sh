# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = front, eth2 = back).
# Reference solution: keep the DNAT (restated, unchanged) and masquerade only the hairpinned
# flows, from the back network to the published backend leaving again through eth2, so
# backend1 answers through frontend; front clients keep their own address.
set -euo pipefail
. tasklib/vyos.sh
{
  vyos_rule "nat destination" 10 dst 10.20.0.1 proto tcp dport 80 to 10.20.1.11 to-port 8080
  vyos_rule "nat source" 100 out eth2 src 10.20.1.0/24 dst 10.20.1.11 proto tcp dport 8080 to masquerade
} | vyos_configure
