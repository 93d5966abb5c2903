#!/bin/bash
# Starting condition: both routers forward (persistently) and know only their own networks.
set -euo pipefail
. tasklib/ip-forward.sh
case "$NODE" in router-a|router-b) ip_forward_persistent ;; esac
