# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan, eth2 = lan).
# The harness runs this script under bash: configuration commands need vbash with the
# script-template.
set -euo pipefail
CLIENT=${OB_ADDR_CLIENT_LAN:-10.10.1.12}
vbash -s <<CFG
source /opt/vyatta/etc/functions/script-template
configure
set service dns forwarding listen-address 10.10.1.1
set service dns forwarding allow-from 10.10.1.0/24
set service dns forwarding name-server 198.51.100.10
set service dns forwarding authoritative-domain lab records a gateway address 10.10.1.1
set service dns forwarding authoritative-domain lab records a client address $CLIENT
set service dns forwarding authoritative-domain lab records a upstream address 198.51.100.10
commit
save
exit
CFG
