#!/bin/bash
# Starting condition: VG ledgervg on the data disk, LV data (ext4) mounted at /srv/ledger via
# fstab, the ledger service serving it; then an "update" that took a snapshot
# (ledgervg/pre-update-<date>) and corrupted the data after it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
DISK=/dev/vdb
. tasklib/install-pkgs.sh
command -v lvm >/dev/null || install_pkgs lvm2
pvcreate -ff -y "$DISK"
vgcreate ledgervg "$DISK"
lvcreate -y -n data -L 200M ledgervg
mkfs.ext4 -q -L ledger /dev/ledgervg/data
install -d /srv/ledger
echo "/dev/ledgervg/data /srv/ledger ext4 defaults 0 2" >> /etc/fstab
systemctl daemon-reload
mount /srv/ledger
# the ledger data: accounts, journal entries and a schema marker
python3 - <<'PY'
import random, os
random.seed(20240611)
os.makedirs("/srv/ledger/journal", exist_ok=True)
with open("/srv/ledger/accounts.csv", "w") as f:
    f.write("account,owner,balance\n")
    for i in range(1, 401):
        f.write(f"ACC{i:05d},owner{i},{random.randint(0, 10**6) / 100:.2f}\n")
for m in range(1, 13):
    with open(f"/srv/ledger/journal/2024-{m:02d}.log", "w") as f:
        for i in range(3000):
            f.write(f"2024-{m:02d}-{random.randint(1, 28):02d} ACC{random.randint(1, 400):05d} "
                    f"{random.choice('+-')}{random.randint(1, 99999) / 100:.2f}\n")
with open("/srv/ledger/index.html", "w") as f:
    f.write("ledger schema v3\n")
PY
sync
# the checks' reference: what the data looked like before the update (outside the volume)
install -d -m 0700 /var/lib/opsbench
(cd /srv/ledger && find . -type f ! -path './lost+found/*' | LC_ALL=C sort | xargs sha256sum) \
  > /var/lib/opsbench/ledger-before-update.sha256
cat > /etc/systemd/system/ledger.service <<'UNIT'
[Unit]
Description=Ledger application
RequiresMountsFor=/srv/ledger
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 8080 --bind 127.0.0.1 --directory /srv/ledger
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now ledger.service
# the update: snapshot first, then a "migration" that rewrites and loses data
lvcreate -y -s -n pre-update-20240611 -L 120M ledgervg/data
python3 - <<'PY'
import os, glob
with open("/srv/ledger/accounts.csv", "w") as f:
    f.write("account;owner;balance;currency\n")      # half of the accounts lost
    for i in range(1, 201):
        f.write(f"ACC{i:05d};owner{i};0.00;???\n")
for p in sorted(glob.glob("/srv/ledger/journal/*.log"))[6:]:
    os.remove(p)
with open("/srv/ledger/index.html", "w") as f:
    f.write("ledger schema v4 (migration failed at step 3/5)\n")
with open("/srv/ledger/migration.lock", "w") as f:
    f.write("step=3\n")
PY
sync
for i in $(seq 1 50); do curl -sf http://127.0.0.1:8080/ | grep -q "schema v4" && exit 0; sleep 0.2; done
echo "ledger did not come up" >&2
exit 1
