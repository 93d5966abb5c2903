#!/bin/bash
# must fail req-2: the inode hogs are found by size and every file smaller than 4 KiB on /srv/thumbs is deleted, which takes the originals' small JSON sidecars along with the cache
set -euo pipefail
find /srv/thumbs -xdev -type f -size -4k -delete
find /srv/thumbs/cache -xdev -mindepth 1 -type d -empty -delete
df -i /srv/thumbs
