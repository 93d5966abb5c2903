#!/bin/bash
# The steps this task's reference shares with its wrong solutions.

# find_snapshot: SNAP, the name of the snapshot volume in ledgervg (the script stops if none)
find_snapshot() {
  SNAP=$(lvs --noheadings -o lv_name,lv_attr ledgervg | awk '$2 ~ /^s/ {print $1; exit}')
  [ -n "$SNAP" ] || { echo "no snapshot in ledgervg" >&2; exit 1; }
}

# merge_offline: the ledger service stopped and /srv/ledger unmounted, the snapshot merged back
# into its origin (which removes it), and /srv/ledger mounted again
merge_offline() {
  systemctl stop ledger.service
  umount /srv/ledger
  lvconvert --merge -i 2 "ledgervg/$SNAP"
  lvs ledgervg
  mount /srv/ledger
}

# start_ledger: the ledger service started; the script ends, successfully once it serves the
# data from before the update (schema v3), within 10 s
start_ledger() {
  systemctl start ledger.service
  for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ | grep -q "schema v3" && exit 0; sleep 0.2; done
  exit 1
}
