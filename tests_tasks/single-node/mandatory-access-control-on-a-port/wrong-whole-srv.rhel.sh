#!/bin/bash
# must fail req-3: the profile is widened to everything under /srv instead of /srv/handbook, which also hands docserver the secrets in /srv/secret
# (SELinux: all of /srv labelled as web content)
set -euo pipefail
semanage port -a -t http_port_t -p tcp 8181 2>/dev/null || semanage port -m -t http_port_t -p tcp 8181
semanage fcontext -a -t httpd_sys_content_t '/srv(/.*)?' 2>/dev/null || semanage fcontext -m -t httpd_sys_content_t '/srv(/.*)?'
restorecon -Rv /srv
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
