# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
set -euo pipefail
. tasklib/vyos.sh
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
vyos_configure <<CFG
set service dns forwarding listen-address 10.10.1.1
set service dns forwarding allow-from 10.10.1.0/24
set service dns forwarding name-server 198.51.100.10
set service dns forwarding authoritative-domain lab records a gateway address 10.10.1.1
set service dns forwarding authoritative-domain lab records a client address $CLIENT
set service dns forwarding authoritative-domain lab records a upstream address 198.51.100.10
CFG
