#!/bin/bash
# must fail req-1: tunnel, routes and filter are right and the ruleset is saved, but the tunnel is only brought up with wg-quick up, not enabled: after the reboot there is no wg0 and the sites are apart
# steps: router-a:keys.sh router-b router-a
set -euo pipefail
. ./tunnel.sh
wg_private
tunnel_conf
sites_filter
wg-quick up wg0
