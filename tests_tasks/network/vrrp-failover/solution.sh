#!/bin/bash
# Reference solution: keepalived with one VRRP instance (VRID 51) on eth1 of each router;
# router1 has the higher priority and preempts (the default), so it takes the address back.
set -euo pipefail
. ./keepalived.sh
lan_gw_conf
systemctl enable keepalived.service
systemctl restart keepalived.service
