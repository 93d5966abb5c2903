#!/bin/bash
# must fail req-1: the user service is right, but webapp's user manager is started by hand (systemctl start user@UID) instead of enabling lingering, so after a reboot nobody starts it and the site is gone until webapp logs in
set -euo pipefail
uid=$(id -u webapp)
systemctl start "user@$uid.service"
for i in $(seq 1 60); do [ -S "/run/user/$uid/bus" ] && break; sleep 1; done
as_webapp() {
  (cd /home/webapp && runuser -u webapp -- env XDG_RUNTIME_DIR=/run/user/$uid \
     DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$uid/bus "$@")
}
as_webapp podman rm -f site >/dev/null 2>&1 || true
as_webapp podman create --name site -p 8080:8080 -v /home/webapp/site:/www:ro localhost/minihttpd:1.0
as_webapp mkdir -p /home/webapp/.config/systemd/user
as_webapp sh -c 'cd ~/.config/systemd/user && podman generate systemd --new --name site --files'
as_webapp podman rm site
as_webapp systemctl --user daemon-reload
as_webapp systemctl --user enable --now container-site.service
for i in $(seq 1 90); do curl -sf http://127.0.0.1:8080/ && exit 0; sleep 1; done
as_webapp systemctl --user status container-site.service --no-pager || true
exit 1
