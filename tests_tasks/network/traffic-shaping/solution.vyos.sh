# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
# A shaper on eth1's egress: everything the router sends into lan1.
set -euo pipefail
. tasklib/vyos.sh
vyos_configure <<'CFG'
set qos policy shaper LAN1-CAP bandwidth 4mbit
set qos policy shaper LAN1-CAP default bandwidth 100%
set qos policy shaper LAN1-CAP default ceiling 100%
set qos policy shaper LAN1-CAP default queue-type fair-queue
set qos interface eth1 egress LAN1-CAP
CFG
