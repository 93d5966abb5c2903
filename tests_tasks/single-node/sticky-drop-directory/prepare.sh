#!/bin/bash
# Starting condition: group reports (alice, bob), an outsider carol, and /srv/drop as a
# world-writable root:root 0777 directory without sticky or setgid bits, holding two files.
set -euo pipefail
getent group reports >/dev/null || groupadd reports
for u in alice bob carol; do id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"; done
usermod -aG reports alice
usermod -aG reports bob
install -d -m 0777 -o root -g root /srv/drop
chmod 0777 /srv/drop
echo "q3 numbers" > /srv/drop/q3-summary.txt; chown alice:alice /srv/drop/q3-summary.txt
echo "q3 costs" > /srv/drop/q3-costs.txt; chown bob:bob /srv/drop/q3-costs.txt
chmod 644 /srv/drop/q3-summary.txt /srv/drop/q3-costs.txt
