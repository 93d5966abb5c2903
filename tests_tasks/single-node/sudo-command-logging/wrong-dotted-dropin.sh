#!/bin/bash
# must fail req-1, req-2, req-3: the settings go into /etc/sudoers.d/audit.conf, which sudo's #includedir silently skips (file names with a dot are ignored), so nothing is logged
set -euo pipefail
. ./sudoers.sh
audit_sudoers /etc/sudoers.d/audit.conf
sudo -n true
