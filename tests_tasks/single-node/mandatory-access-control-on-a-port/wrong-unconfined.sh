#!/bin/bash
# must fail req-2, req-3: the confinement is taken off the unit (its AppArmorProfile= line commented out), so docserver runs unconfined and can read /srv/secret
set -euo pipefail
. ./restart.sh
sed -i -E 's/^AppArmorProfile=/#&/' /etc/systemd/system/docserver.service
systemctl daemon-reload
restart_docserver
