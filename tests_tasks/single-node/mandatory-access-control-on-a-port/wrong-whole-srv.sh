#!/bin/bash
# must fail req-3: the profile is widened to everything under /srv instead of /srv/handbook, which also hands docserver the secrets in /srv/secret
set -euo pipefail
if ! grep -q '^  /srv/\*\* r,' /etc/apparmor.d/docserver; then
  sed -i 's|^  /srv/docs/\*\* r,|&\n  /srv/ r,\n  /srv/** r,|' /etc/apparmor.d/docserver
fi
apparmor_parser -r -W /etc/apparmor.d/docserver
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
