#!/bin/bash
# must fail req-2, req-3: OSPF announces only the networks each site has today (network statements for the WAN and the site LAN, no redistribution), so a network added later is never announced to the other router
set -euo pipefail
case "$NODE" in
  router-a) rid=198.51.100.1; site=10.30.1.0/24 ;;
  router-b) rid=198.51.100.2; site=10.30.2.0/24 ;;
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
router ospf
 ospf router-id $rid
 network 198.51.100.0/24 area 0
 network $site area 0
exit
!
CONF
chown frr:frr /etc/frr/frr.conf
systemctl enable frr.service
systemctl restart frr.service
