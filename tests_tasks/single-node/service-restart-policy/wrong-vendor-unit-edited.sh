#!/bin/bash
# must fail req-4: the right settings, edited into the vendor's unit file, which the package replaces with its own on the next upgrade
set -euo pipefail
unit=/usr/lib/systemd/system/queue-worker.service
sed -i 's/^\[Unit\]$/[Unit]\nStartLimitIntervalSec=60\nStartLimitBurst=5/; s/^\[Service\]$/[Service]\nRestart=on-failure\nRestartSec=2/' "$unit"
cat "$unit"
systemctl daemon-reload
systemctl show -p Restart -p StartLimitIntervalUSec -p StartLimitBurst queue-worker.service
