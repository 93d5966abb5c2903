#!/bin/bash
# Reference solution: stop the service, unmount, merge the snapshot back into its origin
# (which also removes the snapshot), mount again and start the service.
set -euo pipefail
. ./rollback.sh
find_snapshot
merge_offline
start_ledger
