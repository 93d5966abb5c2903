#!/bin/bash
# must fail req-3: the cache is removed with rm -rf and re-created by root with mkdir, so it now belongs to root and thumbs can no longer write its cache
set -euo pipefail
rm -rf /srv/thumbs/cache
mkdir /srv/thumbs/cache
rm -f /srv/thumbs/exports/originals-2023.tar
df -i /srv/thumbs
