#!/bin/bash
# must fail req-2: the scoping rules are added to the running ruleset with nft commands only, never saved to /etc/nftables.conf nor loaded at boot: after node1 reboots tcp/9100 is open on management again
# rhel family, written, NOT validated: the same mistake with firewalld: the reference's changes are
# made without --permanent (runtime configuration only), so at the reboot firewalld loads its
# permanent zone again, with 9100/tcp open to everyone
set -euo pipefail
[ "$NODE" = node1 ] || exit 0
firewall-cmd -q --remove-port=9100/tcp
firewall-cmd -q --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" port port="9100" protocol="tcp" accept'
firewall-cmd --list-all
