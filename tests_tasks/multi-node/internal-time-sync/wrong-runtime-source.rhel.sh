#!/bin/bash
# must fail req-2: node1 is set up in its config, but node2 gets node1 only with `chronyc add server` at runtime (the pool commented out), which chronyd forgets at the reboot: node2 then has no time source
# rhel family, written, NOT validated: the same mistake as wrong-runtime-source.sh, in EL's chrony
# layout (chronyd.service); node1 as in solution.rhel.sh
set -euo pipefail
. ./chrony-parts.sh
. ./el-chrony.sh
no_default_sources_el
chrony_confdir_el
case "$NODE" in
  node1)
    time_server_conf
    ntp_firewalld
    systemctl restart chronyd.service ;;
  node2)
    systemctl restart chronyd.service
    chronyc add server "$OB_ADDR_NODE1_PRIV" iburst minpoll 4 maxpoll 6
    for i in $(seq 1 60); do chronyc -n sources | grep -q "^\^\* $OB_ADDR_NODE1_PRIV" && break; sleep 2; done
    chronyc -n sources ;;
esac
