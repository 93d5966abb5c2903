#!/bin/bash
# must fail req-1: the user service is right, but webapp's user manager is started by hand (systemctl start user@UID) instead of enabling lingering, so after a reboot nobody starts it and the site is gone until webapp logs in
set -euo pipefail
. ./webapp.sh
systemctl start "user@$uid.service"
user_bus_wait
as_webapp podman rm -f site >/dev/null 2>&1 || true
as_webapp podman create --name site -p 8080:8080 -v /home/webapp/site:/www:ro localhost/minihttpd:1.0
site_user_service
