#!/bin/bash
# Reference solution: lingering for webapp (its user manager starts at boot), a unit generated
# by `podman generate systemd --new` in ~/.config/systemd/user, enabled for default.target.
set -euo pipefail
. ./webapp.sh
loginctl enable-linger webapp
user_bus_wait
as_webapp podman rm -f site >/dev/null 2>&1 || true
as_webapp podman create --name site -p 8080:8080 -v /home/webapp/site:/www:ro localhost/minihttpd:1.0
site_user_service
