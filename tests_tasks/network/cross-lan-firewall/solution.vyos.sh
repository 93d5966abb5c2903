# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
# The harness runs this script under bash: configuration commands need vbash with the
# script-template.
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set firewall ipv4 forward filter default-action accept
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action accept
set firewall ipv4 forward filter rule 20 inbound-interface name eth1
set firewall ipv4 forward filter rule 20 outbound-interface name eth2
set firewall ipv4 forward filter rule 20 protocol tcp
set firewall ipv4 forward filter rule 20 destination port 443
set firewall ipv4 forward filter rule 20 state new
set firewall ipv4 forward filter rule 30 action reject
set firewall ipv4 forward filter rule 30 inbound-interface name eth1
set firewall ipv4 forward filter rule 30 outbound-interface name eth2
commit
save
exit
CFG
