#!/bin/bash
# must fail req-1, req-2, req-3, req-4: the baseline is initialised, but aide.db.new is never moved to the aide.db the check reads, so `aide --check` has no baseline and fails
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./aide.sh
install_aide
aide_conf
aide --config /etc/aide/aide.conf --config-check
rm -f /var/lib/aide/aide.db.new
aide --config /etc/aide/aide.conf --init </dev/null || [ $? -le 7 ]
ls -l /var/lib/aide
