#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same account and files): node1 has the records archive
# (owner records, uid 1500); node2 an empty /srv/backups. firewalld runs (installed and enabled here
# where the image lacks it) and SELinux stays enforcing, as on the EL nodes of the study's
# scheduled-backup trials (open-sudo/infraset jobs/multi-node-os-comparison/almalinux9/
# scheduled-backup-almalinux9/…__c3RVaLR: cronie's crond active, root-to-root ssh with a key).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
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
