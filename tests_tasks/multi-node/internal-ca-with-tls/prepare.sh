#!/bin/bash
# Starting condition: node2 serves the portal over plain HTTP with nginx; node1 has nothing.
set -euo pipefail
[ "$NODE" = node2 ] || exit 0
export DEBIAN_FRONTEND=noninteractive
dpkg -s nginx >/dev/null 2>&1 || apt-get install -y --no-install-recommends nginx
printf '<html><body><h1>Corp portal</h1><p>internal services directory</p></body></html>\n' \
  > /var/www/html/index.html
systemctl enable --now nginx.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1/ | grep -q 'Corp portal' && exit 0; sleep 0.2; done
echo "nginx does not serve the portal" >&2; exit 1
