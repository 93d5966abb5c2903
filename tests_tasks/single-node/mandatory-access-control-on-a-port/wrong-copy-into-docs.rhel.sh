#!/bin/bash
# must fail req-1: the handbook is copied into the document root the profile already allows (/srv/docs) and served from there, not from /srv/handbook: what is added to the handbook later never appears
# (SELinux: the copies take /srv/docs' web-content label; port 8181 still needs its label)
set -euo pipefail
. ./restart.sh
semanage port -a -t http_port_t -p tcp 8181 2>/dev/null || semanage port -m -t http_port_t -p tcp 8181
cp -r /srv/handbook/. /srv/docs/
sed -i -E 's|^root *=.*|root = /srv/docs|' /etc/docserver/docserver.conf
restart_docserver
