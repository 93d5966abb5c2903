#!/bin/bash
# Included by the reference solution and its wrong solutions.
# restart_policy DIR FILE: the drop-in DIR/queue-worker.service.d/FILE with the lines on stdin;
# systemd reloaded, the worker's failed state reset and the settings in force shown.
restart_policy() {
  install -d "$1/queue-worker.service.d"
  cat > "$1/queue-worker.service.d/$2"
  systemctl daemon-reload
  systemctl reset-failed queue-worker.service
  systemctl start queue-worker.service
  systemctl show -p Restart -p RestartUSec -p StartLimitIntervalUSec -p StartLimitBurst queue-worker.service
}

# crash_limited_policy DIR: the reference settings as DIR/queue-worker.service.d/restart.conf.
# Restart=on-failure restarts after a signal or an error exit, not after the clean exit of a
# drain; the start limit belongs in [Unit]: a sixth start within 60 s is refused, the unit failed.
crash_limited_policy() {
  restart_policy "$1" restart.conf <<'CONF'
# Restart after a crash, but give up (failed) after 5 crashes within a minute.
[Unit]
StartLimitIntervalSec=60
StartLimitBurst=5

[Service]
Restart=on-failure
RestartSec=2
CONF
}
