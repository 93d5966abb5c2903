#!/bin/bash
# Reference solution: OSPF area 0 over the WAN link (point-to-point, short timers) in FRR on
# both routers, redistributing connected networks so new ones are announced (and withdrawn)
# without touching the other side. The management network (eth0) is kept out.
set -euo pipefail
case "$NODE" in
  router-a) rid=198.51.100.1 ;;
  router-b) rid=198.51.100.2 ;;
  *) exit 0 ;;
esac
sed -i 's/^ospfd=no/ospfd=yes/' /etc/frr/daemons
cat > /etc/frr/frr.conf <<CONF
frr defaults traditional
hostname $NODE
log syslog informational
!
interface eth1
 ip ospf network point-to-point
 ip ospf hello-interval 2
 ip ospf dead-interval 8
exit
!
route-map NO-MGMT deny 10
 match interface eth0
exit
route-map NO-MGMT permit 20
exit
!
router ospf
 ospf router-id $rid
 network 198.51.100.0/24 area 0
 redistribute connected route-map NO-MGMT
exit
!
CONF
chown frr:frr /etc/frr/frr.conf
systemctl enable frr.service
systemctl restart frr.service
