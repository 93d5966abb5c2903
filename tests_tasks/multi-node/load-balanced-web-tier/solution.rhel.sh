#!/bin/bash
# Reference solution (rhel family), written, NOT validated: as solution.sh (nginx on node1 as a
# round-robin reverse proxy with passive health checks), nginx from AppStream in conf.d, with
# httpd_can_network_connect on for SELinux (enforcing) and http admitted by firewalld.
# Learned from open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/
# load-balanced-web-tier-almalinux9/…__NJnQwaF: nginx 1.20 via dnf, an upstream in
# /etc/nginx/conf.d, 502s with "connect() … (13: Permission denied)" until
# setsebool -P httpd_can_network_connect 1, firewall-cmd --add-service=http; also centos-stream10
# __ZauXkMW, rhel9 __noUQYaQ, rhel10 __Gpna7Eq.
set -euo pipefail
. ./shop-lb-el.sh
[ "$NODE" = node1 ] || exit 0
rpm -q nginx >/dev/null 2>&1 || dnf -y -q install nginx
shop_lb_site_el <<SERVERS
    server $OB_ADDR_NODE2_PRIV:8080 max_fails=1 fail_timeout=5s;
    server $OB_ADDR_NODE3_PRIV:8080 max_fails=1 fail_timeout=5s;
SERVERS
for i in $(seq 1 50); do curl -sf "http://$OB_ADDR_NODE1_PRIV/" | grep -q 'served by' && exit 0; sleep 0.2; done
echo "the load balancer does not answer" >&2; exit 1
