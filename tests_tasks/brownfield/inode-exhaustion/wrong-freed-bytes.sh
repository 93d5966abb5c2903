#!/bin/bash
# must fail req-1, req-3: "No space left" read as a full disk: the big old export goes, with apt's cache and old journal entries, which frees blocks but only one inode, so new files still cannot be created
set -euo pipefail
du -sh /srv/thumbs/* || true
rm -f /srv/thumbs/exports/originals-2023.tar
apt-get clean
journalctl --vacuum-time=7d || true
df -h /srv/thumbs
