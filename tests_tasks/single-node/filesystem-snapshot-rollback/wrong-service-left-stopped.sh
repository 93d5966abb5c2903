#!/bin/bash
# must fail req-4: the rollback itself is right (stop, unmount, merge, mount), but the ledger service stopped for it is never started again
set -euo pipefail
. ./rollback.sh
find_snapshot
merge_offline
ls -l /srv/ledger
