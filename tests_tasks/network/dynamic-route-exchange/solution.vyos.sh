# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan).
set -euo pipefail
. tasklib/vyos.sh
case "$NODE" in
  router-a) rid=198.51.100.1 ;;
  router-b) rid=198.51.100.2 ;;
  *) exit 0 ;;
esac
vyos_configure <<CFG
set protocols ospf parameters router-id $rid
set protocols ospf area 0 network 198.51.100.0/24
set protocols ospf interface eth1 network point-to-point
set protocols ospf redistribute connected
CFG
