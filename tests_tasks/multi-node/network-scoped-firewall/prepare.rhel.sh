#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same reports unit and page): node1 serves "reports" on
# 0.0.0.0:9100. EL's host firewall is firewalld (running on both nodes, installed and enabled here
# where the image lacks it), and "today answers on every interface" means 9100/tcp is open in its
# default zone, as an admin who first published the service had it. SELinux stays enforcing.
# firewalld's state is the study's (open-sudo/infraset jobs/multi-node-os-comparison/
# centos-stream10/network-scoped-firewall-centos-stream10/…__GCCS37W: firewalld active, public
# zone with cockpit dhcpv6-client ssh, firewall-cmd, nft and iptables present).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
. tasklib/static-site.sh
firewalld_on
[ "$NODE" = node1 ] || exit 0
static_site reports 9100 /srv/reports "Reporting service" $'daily report\nbackups: ok\ndisk: 41%'
firewall-cmd -q --permanent --add-port=9100/tcp
firewall-cmd -q --reload
