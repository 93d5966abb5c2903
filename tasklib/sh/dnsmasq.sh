#!/bin/bash
# dnsmasq_apply: checks dnsmasq's configuration, enables dnsmasq.service and restarts it (the
# linux-router appliance ships it disabled), and fails unless it is running afterwards.
dnsmasq_apply() {
  dnsmasq --test
  systemctl enable dnsmasq.service
  systemctl restart dnsmasq.service
  systemctl is-active dnsmasq.service
}
