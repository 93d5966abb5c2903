#!/bin/bash
# Included by solution.sh and wrong-not-enabled.sh.
# lan_gw_conf: /etc/keepalived/keepalived.conf with one VRRP instance (VRID 51 on eth1, holding
# 10.10.1.1/24): priority 150 on router1, 100 on router2, preempting (the default). On any other
# node it ends the script.
lan_gw_conf() {
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
}
