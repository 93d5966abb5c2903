#!/bin/bash
# must fail req-2: the start limit is written in [Service], where systemd ignores StartLimitIntervalSec= as an unknown key; the default 10 s window stays, which crashes a few seconds apart never fill, so the worker is restarted forever
set -euo pipefail
. ./policy.sh
restart_policy /etc/systemd/system restart.conf <<'CONF'
[Service]
Restart=on-failure
RestartSec=2
StartLimitIntervalSec=60
StartLimitBurst=5
CONF
