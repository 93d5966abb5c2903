#!/bin/bash
# must fail req-1, req-3, req-4: lvconvert --merge while /srv/ledger is still mounted; LVM only schedules the merge for the volume's next activation, so the broken data and the snapshot stay until a reboot
set -euo pipefail
SNAP=$(lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/ {print $1; exit}')
[ -n "$SNAP" ] || { echo "no snapshot in ledgervg" >&2; exit 1; }
lvconvert --merge "ledgervg/$SNAP"
systemctl restart ledger.service
lvs ledgervg
