#!/bin/bash
# must fail req-1: node3 is declared `backup` in the nginx upstream, an active/passive pair: every request goes to node2 and node3 only gets traffic when node2 is down, so the load is not spread
# rhel family, written, NOT validated: the same mistake as wrong-backup-server.sh, in EL's nginx
# layout with SELinux's boolean and firewalld as in solution.rhel.sh
set -euo pipefail
. ./shop-lb-el.sh
[ "$NODE" = node1 ] || exit 0
rpm -q nginx >/dev/null 2>&1 || dnf -y -q install nginx
shop_lb_site_el <<SERVERS
    server $OB_ADDR_NODE2_PRIV:8080 max_fails=1 fail_timeout=5s;
    server $OB_ADDR_NODE3_PRIV:8080 backup;
SERVERS
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer yet" >&2
