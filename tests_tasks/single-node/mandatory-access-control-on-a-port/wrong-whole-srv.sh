#!/bin/bash
# must fail req-3: the profile is widened to everything under /srv instead of /srv/handbook, which also hands docserver the secrets in /srv/secret
set -euo pipefail
. ./restart.sh
if ! grep -q '^  /srv/\*\* r,' /etc/apparmor.d/docserver; then
  sed -i 's|^  /srv/docs/\*\* r,|&\n  /srv/ r,\n  /srv/** r,|' /etc/apparmor.d/docserver
fi
apparmor_parser -r -W /etc/apparmor.d/docserver
restart_docserver
