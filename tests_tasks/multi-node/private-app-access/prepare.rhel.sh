#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same inventory unit and data): node1 serves the inventory
# app on 127.0.0.1:8080 only; node2 has nothing. firewalld runs on both (installed and enabled here
# where the image lacks it) with its default zone as shipped, and SELinux stays enforcing, as on the
# EL nodes of the study's multi-node trials (this task has no study use case of its own; e.g.
# open-sudo/infraset jobs/multi-node-os-comparison/centos-stream10/
# network-scoped-firewall-centos-stream10/…__GCCS37W: firewalld active, public zone with cockpit
# dhcpv6-client ssh).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
. tasklib/static-site.sh
firewalld_on
[ "$NODE" = node1 ] || exit 0
static_site inventory 8080 /srv/inventory "Inventory application" \
  $'inventory v1\nrack-a: 12 servers\nrack-b: 9 servers' 127.0.0.1
