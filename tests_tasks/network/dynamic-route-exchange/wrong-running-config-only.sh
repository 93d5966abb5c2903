#!/bin/bash
# must fail req-1, req-2, req-3: OSPF is configured live through vtysh and never written (no `write memory`), so frr.conf stays empty and the routers come back from the reboot without OSPF
set -euo pipefail
case "$NODE" in
  router-a) rid=198.51.100.1 ;;
  router-b) rid=198.51.100.2 ;;
  *) exit 0 ;;
esac
sed -i 's/^ospfd=no/ospfd=yes/' /etc/frr/daemons
systemctl enable frr.service
systemctl restart frr.service
for i in $(seq 1 30); do
  vtysh -c 'show daemons' 2>/dev/null | grep -qw ospfd && break
  sleep 1
done
vtysh -c 'configure terminal' \
  -c 'interface eth1' -c 'ip ospf network point-to-point' -c 'ip ospf hello-interval 2' \
  -c 'ip ospf dead-interval 8' -c 'exit' \
  -c 'route-map NO-MGMT deny 10' -c 'match interface eth0' -c 'exit' \
  -c 'route-map NO-MGMT permit 20' -c 'exit' \
  -c 'router ospf' -c "ospf router-id $rid" -c 'network 198.51.100.0/24 area 0' \
  -c 'redistribute connected route-map NO-MGMT' -c 'exit'
vtysh -c 'show running-config'
