#!/bin/bash
# Reference solution: keepalived with one VRRP instance (VRID 51) on eth1 of each router;
# router1 has the higher priority and preempts (the default), so it takes the address back.
set -euo pipefail
case "$NODE" in
  router1) prio=150 ;;
  router2) prio=100 ;;
  *) exit 0 ;;
esac
install -d /etc/keepalived
cat > /etc/keepalived/keepalived.conf <<CONF
vrrp_instance LAN_GW {
    state BACKUP
    interface eth1
    virtual_router_id 51
    priority $prio
    advert_int 1
    virtual_ipaddress {
        10.10.1.1/24 dev eth1
    }
}
CONF
systemctl enable keepalived.service
systemctl restart keepalived.service
