#!/bin/bash
# must fail req-1: the handbook is copied into the document root the profile already allows (/srv/docs) and served from there, not from /srv/handbook: what is added to the handbook later never appears
set -euo pipefail
cp -r /srv/handbook/. /srv/docs/
sed -i -E 's|^root *=.*|root = /srv/docs|' /etc/docserver/docserver.conf
systemctl restart docserver.service
for i in $(seq 1 100); do curl -sf http://127.0.0.1:8181/ | grep -q 'Operations handbook' && exit 0; sleep 0.2; done
journalctl -u docserver -n 20 --no-pager
exit 1
