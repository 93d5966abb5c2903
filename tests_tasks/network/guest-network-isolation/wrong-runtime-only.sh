#!/bin/bash
# must fail req-2, req-3: the isolation is loaded straight into the kernel with nft and never saved to /etc/nftables.conf nor loaded at boot, so after the reboot guests reach the staff network and the router's SSH again
set -euo pipefail
. ./ruleset.sh
[ "$NODE" = router ] || exit 0
guest_table | nft -f -
nft list table inet guest
