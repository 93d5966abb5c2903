# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# Starting condition, as on the linux-router: gateway forwards (VyOS does out of the box),
# masquerades the LAN out of wan and lets no new connection in from wan; saved.
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set nat source rule 100 outbound-interface name eth1
set nat source rule 100 source address 10.10.1.0/24
set nat source rule 100 translation address masquerade
set firewall ipv4 forward filter default-action drop
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action accept
set firewall ipv4 forward filter rule 20 inbound-interface name eth2
set firewall ipv4 forward filter rule 20 outbound-interface name eth1
commit
save
exit
CFG
