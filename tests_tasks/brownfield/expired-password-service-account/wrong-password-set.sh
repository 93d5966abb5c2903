#!/bin/bash
# must fail req-3, req-4: the expired password is "renewed" by giving reportsync a new random password (which also resets its last-change date): it gets a usable password, and it expires again in 90 days
set -euo pipefail
echo "reportsync:$(head -c 24 /dev/urandom | base64)" | chpasswd
chage -l reportsync
