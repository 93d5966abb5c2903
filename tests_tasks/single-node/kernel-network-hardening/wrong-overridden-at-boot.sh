#!/bin/bash
# must fail req-1, req-2, req-3, req-6: the right settings, in a sysctl.d file that sorts before the router leftovers (10- < 60-) and applied alone; at boot 60-lab-router.conf is read last and wins
set -euo pipefail
. ./hardening.sh
hardening_conf /etc/sysctl.d/10-network-hardening.conf
/usr/lib/systemd/systemd-sysctl /etc/sysctl.d/10-network-hardening.conf 2>/dev/null \
  || /lib/systemd/systemd-sysctl /etc/sysctl.d/10-network-hardening.conf
sysctl net.ipv4.ip_forward net.ipv4.conf.eth0.accept_redirects net.ipv4.conf.all.rp_filter
