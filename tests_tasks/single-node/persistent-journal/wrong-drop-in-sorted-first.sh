#!/bin/bash
# must fail req-1, req-2: a new drop-in, 99-persistent.conf, sets Storage=persistent and the cap, but drop-ins apply in the order of their names and site-logging.conf sorts after it (letters after digits): its Storage=volatile wins and the journal stays in memory
set -euo pipefail
. ./journal.sh
printf '[Journal]\nStorage=persistent\nSystemMaxUse=64M\n' > /etc/systemd/journald.conf.d/99-persistent.conf
journal_to_disk
