#!/bin/bash
# must fail req-1: the snapshot is mounted and its files are copied back over the live data (cp -a, no deletion), then the snapshot is removed; what the update added (migration.lock) stays
set -euo pipefail
SNAP=$(lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/ {print $1; exit}')
[ -n "$SNAP" ] || { echo "no snapshot in ledgervg" >&2; exit 1; }
systemctl stop ledger.service
install -d /mnt/ledger-snap
mount -o ro "/dev/ledgervg/$SNAP" /mnt/ledger-snap
cp -a /mnt/ledger-snap/. /srv/ledger/
umount /mnt/ledger-snap
rmdir /mnt/ledger-snap
lvremove -y "ledgervg/$SNAP"
systemctl start ledger.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ | grep -q "schema v3" && exit 0; sleep 0.2; done
exit 1
