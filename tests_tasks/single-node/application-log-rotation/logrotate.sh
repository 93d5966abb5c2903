#!/bin/bash
# The steps this task's reference shares with its wrong solutions (their drop-ins differ).

# install_logrotate: the distribution's logrotate (its package brings the daily timer)
install_logrotate() {
  if command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends logrotate
  else
    dnf -y install logrotate
  fi
}

# rotation_on: the daily timer enabled and started, and logrotate's reading of the drop-in shown
rotation_on() {
  systemctl enable --now logrotate.timer
  logrotate -d /etc/logrotate.d/orders-worker 2>&1 | tail -5
}
