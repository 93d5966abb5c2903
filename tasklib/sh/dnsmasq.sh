#!/bin/bash
# dnsmasq_apply: checks dnsmasq's configuration, enables dnsmasq.service and restarts it (the
# linux-router appliance ships it disabled), and fails unless it is running afterwards.
dnsmasq_apply() {
  dnsmasq --test
  systemctl enable dnsmasq.service
  systemctl restart dnsmasq.service
  systemctl is-active dnsmasq.service
}

# dnsmasq_lan_dhcp [LINE...]: /etc/dnsmasq.d/lan-dhcp.conf, dnsmasq as a DHCP-only server (port=0:
# no DNS) for the office LAN on eth1 (pool 10.10.1.100-200, 12 h leases, gateway 10.10.1.1), then
# the given lines
dnsmasq_lan_dhcp() {
  cat > /etc/dnsmasq.d/lan-dhcp.conf <<'CONF'
# DHCP for the office LAN (eth1); no DNS service
port=0
interface=eth1
bind-dynamic
dhcp-authoritative
dhcp-range=10.10.1.100,10.10.1.200,255.255.255.0,12h
dhcp-option=option:router,10.10.1.1
CONF
  [ "$#" -eq 0 ] || printf '%s\n' "$@" >> /etc/dnsmasq.d/lan-dhcp.conf
}
