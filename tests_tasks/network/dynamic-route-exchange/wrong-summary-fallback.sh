#!/bin/bash
# must fail req-3: OSPF is right, but a static summary 10.30.0.0/16 towards the other router is added "as a fallback", so a network that goes away stays routed to the other site (and loops between the routers)
set -euo pipefail
case "$NODE" in
  router-a) rid=198.51.100.1; peer=198.51.100.2 ;;
  router-b) rid=198.51.100.2; peer=198.51.100.1 ;;
  *) exit 0 ;;
esac
sed -i 's/^ospfd=no/ospfd=yes/' /etc/frr/daemons
cat > /etc/frr/frr.conf <<CONF
frr defaults traditional
hostname $NODE
log syslog informational
!
ip route 10.30.0.0/16 $peer 200
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
