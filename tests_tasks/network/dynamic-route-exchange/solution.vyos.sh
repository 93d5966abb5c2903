# NOT validated against a real VyOS image (VyOS 1.4 syntax; eth1 = wan).
set -euo pipefail
case "$NODE" in
  router-a) rid=198.51.100.1 ;;
  router-b) rid=198.51.100.2 ;;
  *) exit 0 ;;
esac
vbash -s <<CFG
source /opt/vyatta/etc/functions/script-template
configure
set protocols ospf parameters router-id $rid
set protocols ospf area 0 network 198.51.100.0/24
set protocols ospf interface eth1 network point-to-point
set protocols ospf redistribute connected
commit
save
exit
CFG
