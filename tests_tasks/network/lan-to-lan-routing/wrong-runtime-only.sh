#!/bin/bash
# must fail req-1, req-2, req-3, req-4: forwarding is switched on with sysctl -w only; nothing is saved, so the router boots with ip_forward = 0 again and the LANs are cut apart
set -euo pipefail
[ "$NODE" = router ] || exit 0
sysctl -w net.ipv4.ip_forward=1
