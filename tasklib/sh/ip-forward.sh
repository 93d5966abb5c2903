#!/bin/bash
# ip_forward_persistent: IPv4 forwarding on, now and at every boot, from
# /etc/sysctl.d/90-routing.conf (it sorts after the linux-router appliance's
# 10-opsbench-router.conf, which turns forwarding off).
ip_forward_persistent() {
  printf 'net.ipv4.ip_forward = 1\n' > /etc/sysctl.d/90-routing.conf
  sysctl -q -p /etc/sysctl.d/90-routing.conf
}
