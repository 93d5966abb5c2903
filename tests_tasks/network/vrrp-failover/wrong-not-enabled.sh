#!/bin/bash
# must fail req-1, req-2, req-3: keepalived is configured right and restarted, but not enabled (the appliance ships it disabled): after the reboot nobody holds 10.10.1.1
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
systemctl restart keepalived.service
