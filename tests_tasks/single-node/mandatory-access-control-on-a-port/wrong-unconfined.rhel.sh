#!/bin/bash
# must fail req-2, req-3: the confinement is taken off the unit (its AppArmorProfile= line commented out), so docserver runs unconfined and can read /srv/secret
# (SELinux: the SELinuxContext= line; python3 then runs as unconfined_service_t)
set -euo pipefail
sed -i -E 's/^SELinuxContext=/#&/' /etc/systemd/system/docserver.service
systemctl daemon-reload
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
