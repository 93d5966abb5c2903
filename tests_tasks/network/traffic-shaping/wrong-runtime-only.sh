#!/bin/bash
# must fail req-1: the token bucket is set with tc on the command line only; nothing re-applies it at boot, so the reboot removes the cap
set -euo pipefail
[ "$NODE" = router ] || exit 0
tc qdisc replace dev eth1 root tbf rate 4mbit burst 32kb latency 100ms
