#!/bin/bash
# The reference solution's steps, included by it and by the wrong solutions that keep them.
# Sets uid to webapp's uid. as_webapp CMD...: CMD run as webapp, from its home, in the session of
# its user manager (runtime directory and D-Bus).
uid=$(id -u webapp)
as_webapp() {
  (cd /home/webapp && runuser -u webapp -- env XDG_RUNTIME_DIR=/run/user/$uid \
     DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$uid/bus "$@")
}

# user_bus_wait: waits up to 60 s for the D-Bus socket of webapp's user manager.
user_bus_wait() {
  local i
  for i in $(seq 1 60); do [ -S "/run/user/$uid/bus" ] && break; sleep 1; done
}

# site_user_service: makes webapp's user unit container-site.service from the container `site`
# (created, not started; podman generate systemd --new, then the container is removed), enables
# and starts it, and waits up to 90 s for the site on 127.0.0.1:8080 (printing it); fails, with
# the unit's status, if it is not served.
site_user_service() {
  local i
  as_webapp mkdir -p /home/webapp/.config/systemd/user
  as_webapp sh -c 'cd ~/.config/systemd/user && podman generate systemd --new --name site --files'
  as_webapp podman rm site
  as_webapp systemctl --user daemon-reload
  as_webapp systemctl --user enable --now container-site.service
  for i in $(seq 1 90); do curl -sf http://127.0.0.1:8080/ && return 0; sleep 1; done
  as_webapp systemctl --user status container-site.service --no-pager || true
  return 1
}
