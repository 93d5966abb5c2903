#!/bin/bash
# must fail req-1, req-2: node1 allows the private network but has no `local stratum`, so with no upstream it never synchronises and answers only as an unsynchronised server (stratum 0, leap 3), which node2 will not select
# rhel family, written, NOT validated: the same mistake as wrong-no-local-stratum.sh, in EL's chrony
# layout; firewalld admits NTP from the private network as in solution.rhel.sh
set -euo pipefail
. ./chrony-parts.sh
. ./el-chrony.sh
no_default_sources_el
chrony_confdir_el
case "$NODE" in
  node1)
    cat > /etc/chrony/conf.d/ob-server.conf <<'CONF'
# time server for the private network
allow 10.100.0.0/24
CONF
    ntp_firewalld ;;
  node2)
    node1_source_conf ;;
esac
systemctl restart chronyd.service
if [ "$NODE" = node2 ]; then
  sleep 10
  chronyc -n sources
fi
