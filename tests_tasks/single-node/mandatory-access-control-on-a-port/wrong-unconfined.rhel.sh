#!/bin/bash
# must fail req-2, req-3: the confinement is taken off the unit (its AppArmorProfile= line commented out), so docserver runs unconfined and can read /srv/secret
# (SELinux: the SELinuxContext= line; python3 then runs as unconfined_service_t)
set -euo pipefail
. ./restart.sh
sed -i -E 's/^SELinuxContext=/#&/' /etc/systemd/system/docserver.service
systemctl daemon-reload
restart_docserver
