#!/bin/bash
# Reference solution: stop the service, unmount, merge the snapshot back into its origin
# (which also removes the snapshot), mount again and start the service.
set -euo pipefail
SNAP=$(lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/ {print $1; exit}')
[ -n "$SNAP" ] || { echo "no snapshot in ledgervg" >&2; exit 1; }
systemctl stop ledger.service
umount /srv/ledger
lvconvert --merge -i 2 "ledgervg/$SNAP"
lvs ledgervg
mount /srv/ledger
systemctl start ledger.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ | grep -q "schema v3" && exit 0; sleep 0.2; done
exit 1
