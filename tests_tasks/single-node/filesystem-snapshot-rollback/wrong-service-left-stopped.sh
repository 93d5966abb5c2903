#!/bin/bash
# must fail req-4: the rollback itself is right (stop, unmount, merge, mount), but the ledger service stopped for it is never started again
set -euo pipefail
SNAP=$(lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/ {print $1; exit}')
[ -n "$SNAP" ] || { echo "no snapshot in ledgervg" >&2; exit 1; }
systemctl stop ledger.service
umount /srv/ledger
lvconvert --merge -i 2 "ledgervg/$SNAP"
lvs ledgervg
mount /srv/ledger
ls -l /srv/ledger
