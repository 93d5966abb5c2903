# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan, eth3 = dmz).
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set firewall ipv4 forward filter default-action drop
set firewall ipv4 forward filter rule 10 action accept
set firewall ipv4 forward filter rule 10 state established
set firewall ipv4 forward filter rule 10 state related
set firewall ipv4 forward filter rule 20 action accept
set firewall ipv4 forward filter rule 20 inbound-interface name eth1
set firewall ipv4 forward filter rule 20 outbound-interface name eth3
set firewall ipv4 forward filter rule 20 destination address 10.10.3.10
set firewall ipv4 forward filter rule 20 protocol tcp
set firewall ipv4 forward filter rule 20 destination port 443
set firewall ipv4 forward filter rule 30 action accept
set firewall ipv4 forward filter rule 30 inbound-interface name eth2
set firewall ipv4 forward filter rule 30 outbound-interface name eth3
set firewall ipv4 forward filter rule 30 destination address 10.10.3.10
set firewall ipv4 forward filter rule 30 protocol tcp
set firewall ipv4 forward filter rule 30 destination port 22,443
set firewall ipv4 forward filter rule 40 action accept
set firewall ipv4 forward filter rule 40 inbound-interface name eth2
set firewall ipv4 forward filter rule 40 outbound-interface name eth1
set firewall ipv4 forward filter rule 50 action accept
set firewall ipv4 forward filter rule 50 inbound-interface name eth3
set firewall ipv4 forward filter rule 50 outbound-interface name eth1
commit
save
exit
CFG
