#!/bin/bash
# must fail req-3: node2 gets node1 as a preferred server in conf.d, but Debian's `pool 2.debian.pool.ntp.org` stays in chrony.conf; it only goes unseen in `chronyc sources` because the name does not resolve here, and node2 takes public time as soon as it does
# rhel family, written, NOT validated: the same mistake in EL's chrony layout: node2 gets node1 as a
# preferred server in a conf.d drop-in, and the vendor's pool line (e.g. `pool 2.rhel.pool.ntp.org
# iburst`) stays in /etc/chrony.conf; node1 as in solution.rhel.sh
set -euo pipefail
. ./chrony-parts.sh
. ./el-chrony.sh
chrony_confdir_el
case "$NODE" in
  node1)
    no_default_sources_el
    time_server_conf
    ntp_firewalld
    systemctl restart chronyd.service ;;
  node2)
    cat > /etc/chrony/conf.d/ob-client.conf <<CONF
# node1 is our time server
server $OB_ADDR_NODE1_PRIV iburst prefer minpoll 4 maxpoll 6
CONF
    systemctl restart chronyd.service
    for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && break; sleep 2; done
    chronyc -n sources ;;
esac
