#!/bin/bash
# must fail req-3: the profile is widened to everything under /srv instead of /srv/handbook, which also hands docserver the secrets in /srv/secret
# (SELinux: all of /srv labelled as web content)
set -euo pipefail
. ./restart.sh
semanage port -a -t http_port_t -p tcp 8181 2>/dev/null || semanage port -m -t http_port_t -p tcp 8181
semanage fcontext -a -t httpd_sys_content_t '/srv(/.*)?' 2>/dev/null || semanage fcontext -m -t httpd_sys_content_t '/srv(/.*)?'
restorecon -Rv /srv
restart_docserver
