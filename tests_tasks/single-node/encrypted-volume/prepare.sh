#!/bin/bash
# Starting condition: /srv/vault on the root filesystem with three customer files (each
# carrying a distinctive marker string the checks search the raw disk for); /dev/vdb blank;
# cryptsetup is not installed.
set -euo pipefail
install -d -m 750 /srv/vault
for i in 1 2 3; do
  python3 - "$i" <<'PY'
import sys
i = int(sys.argv[1])
with open(f"/srv/vault/export-{i}.csv", "w") as f:
    f.write("customer_id,name,iban,marker\n")
    for n in range(400):
        f.write(f"{i}{n:04d},Customer {i}-{n},DE{(i * 7919 + n) % 10**9:09d}00000000000,OBVAULT-MARKER-{i}-Q7Z\n")
PY
done
chmod 640 /srv/vault/*.csv
sha256sum /srv/vault/*.csv
[ "$(blkid -p /dev/vdb 2>/dev/null || true)" = "" ] || wipefs -a /dev/vdb
