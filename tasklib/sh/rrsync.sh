#!/bin/bash
# rrsync_install: rsync (from the distribution, if missing) and, in RRSYNC, the path of its
# restricted-rsync script for an authorized_keys forced command (Debian 11 ships the script only
# as an example: it is installed to /usr/local/bin/rrsync). Expects DEBIAN_FRONTEND set.
rrsync_install() {
  command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
  RRSYNC=/usr/bin/rrsync
  if [ ! -x "$RRSYNC" ]; then  # Debian 11 ships rrsync only as an example script
    RRSYNC=/usr/local/bin/rrsync
    zcat /usr/share/doc/rsync/scripts/rrsync.gz > "$RRSYNC" && chmod 0755 "$RRSYNC"
  fi
  return 0  # as inline: a failed copy above does not stop the script (set -e spares a && list)
}
