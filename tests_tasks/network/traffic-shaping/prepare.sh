#!/bin/bash
# Starting condition: router forwards between the LANs (persistently), nothing is shaped.
set -euo pipefail
. tasklib/ip-forward.sh
case "$NODE" in
  router)
    ip_forward_persistent ;;
esac
