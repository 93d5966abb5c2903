#!/bin/bash
# must fail req-1, req-2: Storage=persistent and SystemMaxUse=64M go into /etc/systemd/journald.conf, but every drop-in in journald.conf.d overrides the main file: the site policy's Storage=volatile still wins and the journal stays in memory
set -euo pipefail
. ./journal.sh
conf=/etc/systemd/journald.conf
[ -f "$conf" ] || echo '[Journal]' > "$conf"
sed -i -E '/^#?(Storage|SystemMaxUse)=/d' "$conf"
sed -i '/^\[Journal\]/a Storage=persistent\nSystemMaxUse=64M' "$conf"
journal_to_disk
