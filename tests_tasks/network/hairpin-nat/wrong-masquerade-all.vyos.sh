# must fail req-3: everything leaving towards the back network is masqueraded, so hairpin works but the application logs the router's address for front clients too, not their own
# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = front, eth2 = back).
set -euo pipefail
vbash -s <<'CFG'
source /opt/vyatta/etc/functions/script-template
configure
set nat source rule 100 outbound-interface name eth2
set nat source rule 100 translation address masquerade
commit
save
exit
CFG
