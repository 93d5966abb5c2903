#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: node1 was the PostgreSQL primary (`ledger` database,
# application role ledger_app) and node2 its hot standby, streaming over the private network.
# Once node2 has replayed everything, including rows written after it joined, node1's PostgreSQL
# goes down for good (stopped and disabled; EL has no start.conf): the primary is lost. Run on
# node1, then node2.
# What differs from Debian: the one cluster lives in /var/lib/pgsql/data, which also holds the
# configuration (postgresql.conf, pg_hba.conf; conf.d is included here), so node2's base backup
# brings node1's files and node2 then writes its own listen address; the unit is
# postgresql.service (not enabled by the package: enabled here, as Debian's package does);
# postgres's home and .pgpass are in /var/lib/pgsql. firewalld (on in these images, it drops
# 5432) lets priv reach PostgreSQL on both nodes, as nothing filters it on Debian.
# VENDOR REPOSITORIES: postgresql-server comes from the image's own AppStream repository (EL9:
# the postgresql:16 module stream; EL10: PostgreSQL 16 by default; RHEL: a subscription). It does
# not go through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/postgresql.sh
if ! rpm -q postgresql-server >/dev/null 2>&1; then
  if [ "$(rpm -E '%{rhel}')" = 9 ]; then
    # EL9's default stream is PostgreSQL 13; 16 as on EL10 (both work with these scripts)
    dnf -y -q module enable postgresql:16 >/tmp/ob-install.log 2>&1
  fi
  dnf -y -q install postgresql-server postgresql-contrib >>/tmp/ob-install.log 2>&1
fi
pg_layout
home=$(getent passwd postgres | cut -d: -f6)
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
pass=Repl-51e0a9d2
# this node's own server settings (a base backup copies node1's: node2 writes them again after it)
cluster_conf() {
  runuser -u postgres -- mkdir -p "$data/conf.d"
  grep -q "^include_dir = 'conf.d'" "$data/postgresql.conf" \
    || echo "include_dir = 'conf.d'" >> "$data/postgresql.conf"
  printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
    "$me" > "$data/conf.d/10-cluster.conf"
  chown postgres:postgres "$data/conf.d/10-cluster.conf"
}
# priv may reach PostgreSQL on both nodes (the Debian nodes filter nothing)
if systemctl is-active --quiet firewalld.service; then
  firewall-cmd --permanent --add-rich-rule='rule family="ipv4" source address="10.100.0.0/24" port port="5432" protocol="tcp" accept' >/dev/null
  firewall-cmd --reload >/dev/null
fi
echo "$primary:5432:replication:replicator:$pass" > "$home/.pgpass"
echo "$standby:5432:replication:replicator:$pass" >> "$home/.pgpass"
chown postgres:postgres "$home/.pgpass"; chmod 600 "$home/.pgpass"
case "$NODE" in
  node1)
    [ -f "$data/PG_VERSION" ] || postgresql-setup --initdb >/dev/null
    cluster_conf
    if ! grep -q '^# ledger cluster' "$data/pg_hba.conf"; then
      cat >> "$data/pg_hba.conf" <<HBA
# ledger cluster
host    replication     replicator      $primary/32         scram-sha-256
host    replication     replicator      $standby/32         scram-sha-256
host    ledger          ledger_app      10.100.0.0/24           scram-sha-256
HBA
    fi
    systemctl enable postgresql.service
    systemctl restart postgresql.service
    pg_wait_ready 60
    psql -c "DROP DATABASE IF EXISTS ledger" -c "DROP ROLE IF EXISTS ledger_app" -c "DROP ROLE IF EXISTS replicator" \
         -c "SET password_encryption = 'scram-sha-256'" \
         -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '$pass'" \
         -c "CREATE ROLE ledger_app WITH LOGIN PASSWORD 'Ledger-app-4412'" \
         -c "CREATE DATABASE ledger OWNER ledger_app"
    pg_ledger_sql "SET ROLE ledger_app;" | runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 -d ledger
    # the loss of the primary: once a standby streams, write the last rows, wait until the
    # standby has replayed them, then take PostgreSQL down for good
    cat > /run/ob-lose-primary.sh <<SCRIPT
#!/bin/bash
q() { runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "\$@"; }
for i in \$(seq 1 900); do
  [ "\$(q -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")" -ge 1 ] && break
  sleep 1
done
q -d ledger -c "SET ROLE ledger_app" -c "INSERT INTO entries (account_id, amount, booked_at)
  SELECT 1 + g % 25, round((g * 37 % 1000) / 7.0, 2), timestamptz '2026-01-01' + g * interval '17 minutes'
  FROM generate_series(601, 610) g"
lsn=\$(q -c "SELECT pg_current_wal_lsn()")
for i in \$(seq 1 300); do
  [ "\$(q -c "SELECT count(*) FROM pg_stat_replication WHERE replay_lsn >= '\$lsn'")" -ge 1 ] && break
  sleep 1
done
systemctl disable postgresql.service
systemctl stop postgresql.service
SCRIPT
    chmod 700 /run/ob-lose-primary.sh
    # run through bash itself (a shell_exec_t entrypoint under SELinux, not a file in /run)
    systemd-run --unit=ob-lose-primary --collect /bin/bash /run/ob-lose-primary.sh
    ;;
  node2)
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -w -D "$data" -X stream -c fast
    cluster_conf
    pg_follow "$home/.pgpass"
    restorecon -R "$data" 2>/dev/null || true
    systemctl enable postgresql.service
    systemctl start postgresql.service
    # wait for the primary to be lost, then for the standby to have replayed its last rows
    for i in $(seq 1 300); do
      runuser -u postgres -- pg_isready -q -h "$primary" -t 3 || break
      sleep 1
    done
    for i in $(seq 1 60); do
      [ "$(psql -d ledger -c "SELECT count(*) FROM entries" 2>/dev/null)" = 610 ] && exit 0
      sleep 1
    done
    echo "node2 did not replay node1's last rows" >&2
    exit 1
    ;;
esac
