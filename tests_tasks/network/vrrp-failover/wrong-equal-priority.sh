#!/bin/bash
# must fail req-3: one config copied to both routers, priority 100 on each, router1 marked only by state MASTER; an equal priority never preempts, so router1 does not take 10.10.1.1 back after its link returns
set -euo pipefail
case "$NODE" in
  router1) state=MASTER ;;
  router2) state=BACKUP ;;
  *) exit 0 ;;
esac
install -d /etc/keepalived
cat > /etc/keepalived/keepalived.conf <<CONF
vrrp_instance LAN_GW {
    state $state
    interface eth1
    virtual_router_id 51
    priority 100
    advert_int 1
    virtual_ipaddress {
        10.10.1.1/24 dev eth1
    }
}
CONF
systemctl enable keepalived.service
systemctl restart keepalived.service
