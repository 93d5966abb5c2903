#!/bin/bash
# must fail req-2: tcp/9100 is accepted from "the private addresses" 10.0.0.0/8 instead of the priv subnet 10.100.0.0/24; the management network (10.213.0.0/24) is inside that range, so the service stays reachable there
# rhel family, written, NOT validated: the same mistake with firewalld: 9100/tcp leaves the default
# zone and a permanent rich rule accepts it from 10.0.0.0/8
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
firewall-cmd -q --permanent --remove-port=9100/tcp
firewall-cmd -q --permanent --add-rich-rule='rule family="ipv4" source address="10.0.0.0/8" port port="9100" protocol="tcp" accept'
firewall-cmd -q --reload
firewall-cmd --list-all
