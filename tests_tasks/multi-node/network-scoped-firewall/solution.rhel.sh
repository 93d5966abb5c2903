#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (tcp/9100 accepted only
# from loopback and from the private network), with EL's host firewall: firewalld's default zone
# no longer opens 9100/tcp to everyone, a permanent rich rule accepts it from 10.100.0.0/24
# (firewalld accepts loopback traffic before any zone, so the local health check keeps working);
# ssh stays in the zone. Learned from open-sudo/infraset jobs/multi-node-os-comparison/
# centos-stream10/network-scoped-firewall-centos-stream10/…__GCCS37W (permanent source-address rich
# rules for the port, firewall-cmd --reload, the same rules after the reboot); also almalinux9
# __XcuA2Nv, rhel9 __pQDa44d, rhel10 __izaaLbL.
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
firewall-cmd -q --permanent --remove-port=9100/tcp
firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" port port="9100" protocol="tcp" accept'
firewall-cmd -q --reload
firewall-cmd --list-all
