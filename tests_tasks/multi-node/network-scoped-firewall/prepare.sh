#!/bin/bash
# Starting condition: node1 serves "reports" on 0.0.0.0:9100, no firewall rules.
set -euo pipefail
. tasklib/static-site.sh
[ "$NODE" = node1 ] || exit 0
static_site reports 9100 /srv/reports "Reporting service" $'daily report\nbackups: ok\ndisk: 41%'
