#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same shop unit and page): node2 and node3 run the shop
# application on 8080; node1 has nothing. firewalld runs on all three (installed and enabled here
# where the image lacks it) with 8080/tcp open on node2 and node3, so the shop answers the private
# network as on Debian; SELinux stays enforcing. That is the state of the study's EL backends in
# load-balanced-web-tier (open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/
# load-balanced-web-tier-almalinux9/…__NJnQwaF: firewalld active on every node, python3 apps on
# 8080 opened with firewall-cmd --permanent --add-port=8080/tcp).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
. tasklib/static-site.sh
firewalld_on
case "$NODE" in
  node2|node3) ;;
  *) exit 0 ;;
esac
static_site shop 8080 /srv/shop "Shop application" "<html><body><h1>shop</h1><p>served by $NODE</p></body></html>"
firewall-cmd -q --permanent --add-port=8080/tcp
firewall-cmd -q --reload
