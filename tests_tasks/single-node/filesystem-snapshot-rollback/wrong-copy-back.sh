#!/bin/bash
# must fail req-1: the snapshot is mounted and its files are copied back over the live data (cp -a, no deletion), then the snapshot is removed; what the update added (migration.lock) stays
set -euo pipefail
. ./rollback.sh
find_snapshot
systemctl stop ledger.service
install -d /mnt/ledger-snap
mount -o ro "/dev/ledgervg/$SNAP" /mnt/ledger-snap
cp -a /mnt/ledger-snap/. /srv/ledger/
umount /mnt/ledger-snap
rmdir /mnt/ledger-snap
lvremove -y "ledgervg/$SNAP"
start_ledger
