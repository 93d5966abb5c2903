#!/bin/bash
# must fail req-1, req-2, req-3: keepalived is configured right and restarted, but not enabled (the appliance ships it disabled): after the reboot nobody holds 10.10.1.1
set -euo pipefail
. ./keepalived.sh
lan_gw_conf
systemctl restart keepalived.service
