#!/bin/bash
# Starting condition: alice (uid 2001) on both nodes; node1 has /srv/share owned by alice.
set -euo pipefail
getent group alice >/dev/null || groupadd -g 2001 alice
id alice >/dev/null 2>&1 || useradd -m -u 2001 -g 2001 -s /bin/bash alice
if [ "$NODE" = node1 ]; then
  install -d -o alice -g alice -m 0755 /srv/share
  printf 'Shared team files. Ask alice before deleting anything.\n' > /srv/share/README
  printf 'q1,q2,q3\n10,12,9\n' > /srv/share/plan.csv
  chown alice:alice /srv/share/README /srv/share/plan.csv
fi
