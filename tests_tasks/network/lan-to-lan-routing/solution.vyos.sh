# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
# Reference solution: turn IPv4 forwarding back on (remove what prepare.vyos.sh set), saved
# so the boot configuration routes too. No NAT, no filter.
set -euo pipefail
. tasklib/vyos.sh
vyos_configure <<'CFG'
delete system ip disable-forwarding
CFG
