#!/bin/bash
# Reference solution: the filesystem is out of inodes, not blocks. Empty the cache (its files and
# hash directories) without removing the cache directory itself, which stays thumbs' own; the
# old export may go too. The originals are not touched.
set -euo pipefail
df -i /srv/thumbs
find /srv/thumbs/cache -xdev -mindepth 1 -delete
rm -f /srv/thumbs/exports/originals-2023.tar
install -d -o thumbs -g thumbs -m 0755 /srv/thumbs/cache
df -i /srv/thumbs
runuser -u thumbs -- sh -c 'touch /srv/thumbs/originals/.probe && rm /srv/thumbs/originals/.probe'
