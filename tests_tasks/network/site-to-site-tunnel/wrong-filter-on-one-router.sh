#!/bin/bash
# must fail req-3: the forward filter that keeps wan out of the site is set on router-a only; router-b still forwards anything from wan into site-b in clear
# steps: router-a:keys.sh router-b router-a
set -euo pipefail
. ./tunnel.sh
wg_private
tunnel_conf
if [ "$NODE" = router-a ]; then
  sites_filter
fi
systemctl enable --now wg-quick@wg0.service
