#!/bin/bash
# Reference solution: remove rotated logs and the stale cache export; keep data and app.log.
set -euo pipefail
rm -f /var/log/myapp/app.log.[0-9]* /var/cache/myapp/export-old.bin
df -h /
