#!/bin/bash
# must fail req-3: the policy drop-in that made the journal volatile is deleted and replaced by one with only what the ticket asks for: its MaxLevelStore=info goes with it, and debug messages are stored again
set -euo pipefail
. ./journal.sh
rm -f /etc/systemd/journald.conf.d/site-logging.conf
printf '[Journal]\nStorage=persistent\nSystemMaxUse=64M\n' > /etc/systemd/journald.conf.d/persistent.conf
journal_to_disk
