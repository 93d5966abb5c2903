#!/bin/bash
# must fail req-2, req-3: the docserver profile is switched to complain mode, so the new folder works but nothing is enforced any more, the secrets included
set -euo pipefail
sed -i -E 's/^(profile docserver flags=\()attach_disconnected\)/\1attach_disconnected,complain)/' /etc/apparmor.d/docserver
apparmor_parser -r -W /etc/apparmor.d/docserver
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
