#!/bin/bash
# must fail req-3: nopreempt on both routers (to "avoid flapping"): once router2 has taken 10.10.1.1 over, router1 never takes it back although its priority is higher
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
    nopreempt
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
