#!/bin/bash
# must fail req-2, req-3: Restart=always with the start limit turned off "so it always comes back": a crash loop never ends, and the worker is started again after a clean drain too
set -euo pipefail
. ./policy.sh
restart_policy /etc/systemd/system restart.conf <<'CONF'
[Unit]
StartLimitIntervalSec=0

[Service]
Restart=always
RestartSec=1
CONF
