# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = staff, eth3 = guest).
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set firewall ipv4 forward filter default-action accept
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action reject
set firewall ipv4 forward filter rule 20 inbound-interface name eth3
set firewall ipv4 forward filter rule 20 outbound-interface name !eth1
set firewall ipv4 input filter default-action accept
set firewall ipv4 input filter rule 10 action reject
set firewall ipv4 input filter rule 10 inbound-interface name eth3
set firewall ipv4 input filter rule 10 protocol tcp
set firewall ipv4 input filter rule 10 destination port 22
commit
save
exit
CFG
