#!/bin/bash
# NOT VALIDATED. Reference solution (RHEL family, SELinux): label port 8181 as an HTTP port
# and the new document root as web content, persistently (semanage), then restart.
set -euo pipefail
semanage port -a -t http_port_t -p tcp 8181 2>/dev/null || semanage port -m -t http_port_t -p tcp 8181
semanage fcontext -a -t httpd_sys_content_t '/srv/handbook(/.*)?' 2>/dev/null || true
restorecon -Rv /srv/handbook
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
exit 1
