#!/bin/bash
# Starting condition: the group batch with etl1 and etl2, and webops outside it; no limits
# configured for any of them (distribution defaults only).
set -euo pipefail
getent group batch >/dev/null || groupadd batch
for u in etl1 etl2 webops; do
  id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"
done
usermod -aG batch etl1
usermod -aG batch etl2
