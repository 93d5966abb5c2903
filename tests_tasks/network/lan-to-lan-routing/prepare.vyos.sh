# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan1, eth2 = lan2).
# VyOS forwards between its interfaces out of the box; the linux-router starts with forwarding
# off (its image's sysctl.d default). The same starting condition here: IPv4 forwarding
# disabled in the saved configuration, so it stays off across reboots until the agent acts.
set -euo pipefail
. tasklib/vyos.sh
vyos_configure <<'CFG'
set system ip disable-forwarding
CFG
