#!/bin/bash
# Reference solution: sudo's own log file (one line per command, unwrapped) and I/O logging
# of output into /var/log/sudo-io (sudo creates both root-only); a sudoers drop-in checked with
# visudo before it is installed.
set -euo pipefail
. ./sudoers.sh
audit_sudoers /etc/sudoers.d/10-audit
sudo -n true
ls -ld /var/log/sudo.log /var/log/sudo-io
