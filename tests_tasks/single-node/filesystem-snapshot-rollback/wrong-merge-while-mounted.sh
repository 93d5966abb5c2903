#!/bin/bash
# must fail req-1, req-3, req-4: lvconvert --merge while /srv/ledger is still mounted; LVM only schedules the merge for the volume's next activation, so the broken data and the snapshot stay until a reboot
set -euo pipefail
. ./rollback.sh
find_snapshot
lvconvert --merge "ledgervg/$SNAP"
systemctl restart ledger.service
lvs ledgervg
