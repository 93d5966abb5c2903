#!/bin/bash
# Reference solution (AppArmor): allow the new document root, read-only, in the profile;
# reload it, and restart the service. The port needs no policy change under AppArmor (its
# network rules are per address family, not per port).
set -euo pipefail
. ./restart.sh
if ! grep -q '/srv/handbook/' /etc/apparmor.d/docserver; then
  sed -i 's|^  /srv/docs/\*\* r,|&\n  /srv/handbook/ r,\n  /srv/handbook/** r,|' /etc/apparmor.d/docserver
fi
apparmor_parser -r -W /etc/apparmor.d/docserver
restart_docserver
