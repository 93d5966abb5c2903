#!/bin/bash
# Reference solution (AppArmor): allow the new document root, read-only, in the profile;
# reload it, and restart the service. The port needs no policy change under AppArmor (its
# network rules are per address family, not per port).
set -euo pipefail
if ! grep -q '/srv/handbook/' /etc/apparmor.d/docserver; then
  sed -i 's|^  /srv/docs/\*\* r,|&\n  /srv/handbook/ r,\n  /srv/handbook/** r,|' /etc/apparmor.d/docserver
fi
apparmor_parser -r -W /etc/apparmor.d/docserver
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
