#!/bin/bash
# Starting condition: node1 has the records archive (owner records, uid 1500); node2 has an
# empty /srv/backups.
set -euo pipefail
case "$NODE" in
  node1)
    getent group records >/dev/null || groupadd -g 1500 records
    id records >/dev/null 2>&1 || useradd -u 1500 -g 1500 -M -d /srv/records -s /usr/sbin/nologin records
    install -d -o records -g records -m 0750 /srv/records /srv/records/2025 /srv/records/2026
    for m in 01 02 03; do
      printf 'ledger 2026-%s\nentries: %s\n' "$m" "$((RANDOM % 900 + 100))" > /srv/records/2026/ledger-$m.csv
    done
    printf 'ledger 2025 closed\n' > /srv/records/2025/closing.csv
    printf 'index of records\n' > /srv/records/INDEX
    chown -R records:records /srv/records
    find /srv/records -type f -exec chmod 0640 {} +
    chmod 0600 /srv/records/2025/closing.csv ;;
  node2)
    install -d -m 0750 /srv/backups ;;
esac
