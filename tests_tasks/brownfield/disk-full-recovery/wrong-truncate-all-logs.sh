#!/bin/bash
# must fail req-4: every myapp log is truncated to zero "so open handles release the space", the current app.log included, which loses its content
set -euo pipefail
for f in /var/log/myapp/app.log*; do : > "$f"; done
rm -f /var/cache/myapp/export-old.bin
df -h /
