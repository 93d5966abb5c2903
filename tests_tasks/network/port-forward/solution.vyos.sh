# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# The harness runs this script under bash: configuration commands need vbash with the
# script-template.
set -euo pipefail
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
vbash -s <<CFG
source /opt/vyatta/etc/functions/script-template
configure
set nat destination rule 10 inbound-interface name eth1
set nat destination rule 10 destination address 198.51.100.2
set nat destination rule 10 destination port 80
set nat destination rule 10 protocol tcp
set nat destination rule 10 translation address $CLIENT
set nat destination rule 10 translation port 8080
set firewall ipv4 forward filter default-action drop
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action accept
set firewall ipv4 forward filter rule 20 inbound-interface name eth1
set firewall ipv4 forward filter rule 20 destination address $CLIENT
set firewall ipv4 forward filter rule 20 destination port 8080
set firewall ipv4 forward filter rule 20 protocol tcp
set firewall ipv4 forward filter rule 20 connection-status nat destination
set firewall ipv4 forward filter rule 30 action accept
set firewall ipv4 forward filter rule 30 inbound-interface name eth2
commit
save
exit
CFG
