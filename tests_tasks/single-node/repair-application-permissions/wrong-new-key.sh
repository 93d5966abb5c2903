#!/bin/bash
# must fail req-3: the permissions are repaired as in the reference, but the secret key, world-readable since the restore, is "rotated" to a new one although it had to be kept
set -euo pipefail
. ./notes.sh
code_permissions
echo "nk-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')" > /etc/notes/secret.key
config_data_permissions
notes_restarted
