#!/bin/bash
# must fail req-1: tcp/9100 is opened for node2's own address only, not for the private network: any other machine on priv (10.100.0.0/24) is shut out of the service that is meant for all of them
# rhel family, written, NOT validated: the same mistake with firewalld: 9100/tcp leaves the default
# zone and a permanent rich rule accepts it from node2's address only
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
firewall-cmd -q --permanent --remove-port=9100/tcp
firewall-cmd -q --permanent --add-rich-rule="rule family=\"ipv4\" source address=\"$OB_ADDR_NODE2_PRIV\" port port=\"9100\" protocol=\"tcp\" accept"
firewall-cmd -q --reload
firewall-cmd --list-all
