#!/bin/bash
# Starting condition: router forwards between the three networks (persistently), no filter.
set -euo pipefail
. tasklib/ip-forward.sh
[ "$NODE" != router ] || ip_forward_persistent
