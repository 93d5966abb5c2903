#!/bin/bash
# must fail req-4: the site is copied into a new image built FROM minihttpd (COPY site/ /www/) instead of mounted from /home/webapp/site, so later edits there never show up without a rebuild
set -euo pipefail
uid=$(id -u webapp)
loginctl enable-linger webapp
for i in $(seq 1 60); do [ -S "/run/user/$uid/bus" ] && break; sleep 1; done
as_webapp() {
  (cd /home/webapp && runuser -u webapp -- env XDG_RUNTIME_DIR=/run/user/$uid \
     DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$uid/bus "$@")
}
ctx=$(mktemp -d)
cp -r /home/webapp/site "$ctx/site"
printf 'FROM localhost/minihttpd:1.0\nCOPY site/ /www/\n' > "$ctx/Containerfile"
chown -R webapp:webapp "$ctx"
as_webapp podman build -t localhost/webapp-site:1.0 "$ctx"
rm -rf "$ctx"
as_webapp podman rm -f site >/dev/null 2>&1 || true
as_webapp podman create --name site -p 8080:8080 localhost/webapp-site:1.0
as_webapp mkdir -p /home/webapp/.config/systemd/user
as_webapp sh -c 'cd ~/.config/systemd/user && podman generate systemd --new --name site --files'
as_webapp podman rm site
as_webapp systemctl --user daemon-reload
as_webapp systemctl --user enable --now container-site.service
for i in $(seq 1 90); do curl -sf http://127.0.0.1:8080/ && exit 0; sleep 1; done
as_webapp systemctl --user status container-site.service --no-pager || true
exit 1
