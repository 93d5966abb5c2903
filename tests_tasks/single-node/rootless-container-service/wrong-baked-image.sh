#!/bin/bash
# must fail req-4: the site is copied into a new image built FROM minihttpd (COPY site/ /www/) instead of mounted from /home/webapp/site, so later edits there never show up without a rebuild
set -euo pipefail
. ./webapp.sh
loginctl enable-linger webapp
user_bus_wait
ctx=$(mktemp -d)
cp -r /home/webapp/site "$ctx/site"
printf 'FROM localhost/minihttpd:1.0\nCOPY site/ /www/\n' > "$ctx/Containerfile"
chown -R webapp:webapp "$ctx"
as_webapp podman build -t localhost/webapp-site:1.0 "$ctx"
rm -rf "$ctx"
as_webapp podman rm -f site >/dev/null 2>&1 || true
as_webapp podman create --name site -p 8080:8080 localhost/webapp-site:1.0
site_user_service
