# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan).
set -euo pipefail
. tasklib/vyos.sh
vyos_configure <<'CFG'
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 subnet-id 1
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 range 0 start 10.10.1.100
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 range 0 stop 10.10.1.200
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 option default-router 10.10.1.1
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 option name-server 10.10.1.53
set service dhcp-server shared-network-name LAN subnet 10.10.1.0/24 lease 43200
CFG
