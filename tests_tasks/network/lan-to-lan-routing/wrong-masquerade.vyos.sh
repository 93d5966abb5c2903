# must fail req-1, req-2: forwarding is on (persistently) but, out of router habit, traffic is masqueraded on the way out of each LAN interface, so each host sees the router's address instead of the other host's
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
delete system ip disable-forwarding
set nat source rule 100 outbound-interface name eth1
set nat source rule 100 translation address masquerade
set nat source rule 110 outbound-interface name eth2
set nat source rule 110 translation address masquerade
commit
save
exit
CFG
