# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
# Starting condition, as on the linux-router: the saved (boot) configuration does not route
# (the linux-router image boots with forwarding off; here `system ip disable-forwarding` is
# saved), while the running configuration, committed but NOT saved, routes, rejects lan1 →
# host2 tcp/8080 and sends 10.10.8.0/24 to host2. A reboot would lose all three.
# host2's portal and lab network come from prepare.sh (it runs on the hosts).
set -euo pipefail
vbash -s <<CFG
source /opt/vyatta/etc/functions/script-template
configure
set system ip disable-forwarding
commit
save
delete system ip disable-forwarding
set firewall ipv4 forward filter default-action accept
set firewall ipv4 forward filter rule 10 action reject
set firewall ipv4 forward filter rule 10 inbound-interface name eth1
set firewall ipv4 forward filter rule 10 destination address 10.10.2.0/24
set firewall ipv4 forward filter rule 10 protocol tcp
set firewall ipv4 forward filter rule 10 destination port 8080
set protocols static route 10.10.8.0/24 next-hop $OB_ADDR_HOST2_LAN2
commit
exit
CFG
