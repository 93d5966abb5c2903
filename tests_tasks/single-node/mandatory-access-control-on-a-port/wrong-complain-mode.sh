#!/bin/bash
# must fail req-2, req-3: the docserver profile is switched to complain mode, so the new folder works but nothing is enforced any more, the secrets included
set -euo pipefail
. ./restart.sh
sed -i -E 's/^(profile docserver flags=\()attach_disconnected\)/\1attach_disconnected,complain)/' /etc/apparmor.d/docserver
apparmor_parser -r -W /etc/apparmor.d/docserver
restart_docserver
