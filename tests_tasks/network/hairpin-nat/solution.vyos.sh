# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = front, eth2 = back).
# Reference solution: keep the DNAT (restated, unchanged) and masquerade only the hairpinned
# flows, from the back network to the published backend leaving again through eth2, so
# backend1 answers through frontend; front clients keep their own address.
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set nat destination rule 10 destination address 10.20.0.1
set nat destination rule 10 protocol tcp
set nat destination rule 10 destination port 80
set nat destination rule 10 translation address 10.20.1.11
set nat destination rule 10 translation port 8080
set nat source rule 100 outbound-interface name eth2
set nat source rule 100 source address 10.20.1.0/24
set nat source rule 100 destination address 10.20.1.11
set nat source rule 100 protocol tcp
set nat source rule 100 destination port 8080
set nat source rule 100 translation address masquerade
commit
save
exit
CFG
