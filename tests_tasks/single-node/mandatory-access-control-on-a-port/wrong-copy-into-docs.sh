#!/bin/bash
# must fail req-1: the handbook is copied into the document root the profile already allows (/srv/docs) and served from there, not from /srv/handbook: what is added to the handbook later never appears
set -euo pipefail
. ./restart.sh
cp -r /srv/handbook/. /srv/docs/
sed -i -E 's|^root *=.*|root = /srv/docs|' /etc/docserver/docserver.conf
restart_docserver
