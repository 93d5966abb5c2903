#!/bin/bash
# must fail req-2, req-3, req-4: the policy is kept in /root/audit.nft and loaded by hand; /etc/nftables.conf and the boot are untouched, so after the reboot the router forwards everything, accepts SSH from lan2 and logs nothing
set -euo pipefail
. ./ruleset.sh
[ "$NODE" = router ] || exit 0
audit_table > /root/audit.nft
nft -c -f /root/audit.nft
nft -f /root/audit.nft
nft list table inet audit
