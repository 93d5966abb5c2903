#!/bin/bash
# Starting condition: router forwards between the LANs (persistently), nothing is shaped.
set -euo pipefail
. tasklib/ip-forward.sh
[ "$NODE" != router ] || ip_forward_persistent
