# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = the trunk). VyOS routes
# between its interfaces by default.
set -euo pipefail
. tasklib/vyos.sh
vyos_configure <<'CFG'
set interfaces ethernet eth1 vif 10 address 10.40.10.1/24
set interfaces ethernet eth1 vif 20 address 10.40.20.1/24
CFG
