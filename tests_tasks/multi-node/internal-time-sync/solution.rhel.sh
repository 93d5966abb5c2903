#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (node1 serves its local
# clock, local stratum, to 10.100.0.0/24 only; node2 uses node1 as its only source), in EL's
# /etc/chrony.conf (given Debian's conf.d) with chronyd.service, and NTP admitted by firewalld from
# the private network on node1. Learned from open-sudo/infraset jobs/multi-node-os-comparison/rhel10/
# internal-time-sync-rhel10/…__pUqg4eJ (pool line removed from /etc/chrony.conf, allow + local
# stratum, firewall-cmd ntp, systemctl restart chronyd; node2 selected node1 within seconds); also
# almalinux9 __Y36oSK2, centos-stream10 __5L2E7gV, rhel9 __k47WQyU.
set -euo pipefail
. ./chrony-parts.sh
. ./el-chrony.sh
no_default_sources_el
chrony_confdir_el
case "$NODE" in
  node1)
    time_server_conf
    ntp_firewalld ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chronyd.service
if [ "$NODE" = node2 ]; then
  for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && exit 0; sleep 2; done
  chronyc -n sources; echo "node2 did not select node1" >&2; exit 1
fi
