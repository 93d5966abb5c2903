#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (dnsmasq on node1 serving
# the three names on the private interface only; node2's resolver is node1), with dnsmasq from
# AppStream, DNS admitted by firewalld from the private network, and node2's /etc/resolv.conf kept
# out of NetworkManager's hands. bind-dynamic (corp-zone.sh) matters here: the study's almalinux9
# trial (open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/internal-dns-resolution-
# almalinux9/…__SKekgef) saw dnsmasq with bind-interfaces fail at boot ("Cannot assign requested
# address") before the address was up; it opened dns in firewalld and pointed node2's resolver at
# node1 through NetworkManager. Also centos-stream10 __cia2tkq, rhel9 __7e9n2pp.
set -euo pipefail
. ./corp-zone.sh
. ./el-dns.sh
case "$NODE" in
  node1)
    rpm -q dnsmasq >/dev/null 2>&1 || dnf -y -q install dnsmasq
    corp_zone_conf
    dns_firewalld
    systemctl enable dnsmasq.service
    systemctl restart dnsmasq.service
    for i in $(seq 1 50); do ss -Hlun "( sport = :53 )" | grep -q "$OB_ADDR_NODE1_PRIV" && exit 0; sleep 0.2; done
    echo "dnsmasq does not listen on the private address" >&2; exit 1 ;;
  node2)
    resolve_with_node1_el
    for i in $(seq 1 50); do getent hosts app.corp.internal && exit 0; sleep 0.2; done
    exit 1 ;;
esac
