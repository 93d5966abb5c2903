#!/bin/bash
# must fail req-2: the journal is made persistent in the policy drop-in, but its size is left to the defaults (another drop-in's 32M, or 10% of the file system), not capped at 64 MiB
set -euo pipefail
. ./journal.sh
sed -i -E 's/^Storage=.*/Storage=persistent/' /etc/systemd/journald.conf.d/site-logging.conf
journal_to_disk
