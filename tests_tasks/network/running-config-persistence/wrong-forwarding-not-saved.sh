#!/bin/bash
# must fail req-1, req-2, req-3: the ruleset and the route are saved, but ip_forward (set with sysctl -w this morning) is not, so the router comes back from the reboot with forwarding off (the image's sysctl.d default)
set -euo pipefail
. ./save.sh
[ "$NODE" = router ] || exit 0
save_ruleset
systemctl enable nftables.service
save_route
