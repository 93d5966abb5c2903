# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = lan).
set -euo pipefail
. tasklib/vyos.sh
case "$NODE" in
  router1) prio=150 ;;
  router2) prio=100 ;;
  *) exit 0 ;;
esac
vyos_configure <<CFG
set high-availability vrrp group LAN_GW interface eth1
set high-availability vrrp group LAN_GW vrid 51
set high-availability vrrp group LAN_GW priority $prio
set high-availability vrrp group LAN_GW address 10.10.1.1/24
CFG
