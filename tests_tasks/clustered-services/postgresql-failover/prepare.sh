#!/bin/bash
# Starting condition: node1 was the PostgreSQL primary (`ledger` database, application role
# ledger_app) and node2 its hot standby, streaming over the private network. Once node2 has
# replayed everything, including rows written after it joined, node1's PostgreSQL goes down
# for good (stopped, disabled, start.conf manual): the primary is lost. Run on node1, then node2.
set -euo pipefail
. tasklib/postgresql.sh
export DEBIAN_FRONTEND=noninteractive
pg_apt_install
pg_layout
me_var="OB_ADDR_${NODE^^}_PRIV"; me=${!me_var}
pass=Repl-51e0a9d2
# the same server configuration on both nodes, as twins
printf "listen_addresses = 'localhost,%s'\nwal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '128MB'\n" \
  "$me" > "$conf/conf.d/10-cluster.conf"
cat >> "$conf/pg_hba.conf" <<HBA
# ledger cluster
host    replication     replicator      $primary/32         scram-sha-256
host    replication     replicator      $standby/32         scram-sha-256
host    ledger          ledger_app      10.100.0.0/24           scram-sha-256
HBA
echo "$primary:5432:replication:replicator:$pass" > /var/lib/postgresql/.pgpass
echo "$standby:5432:replication:replicator:$pass" >> /var/lib/postgresql/.pgpass
chown postgres:postgres /var/lib/postgresql/.pgpass; chmod 600 /var/lib/postgresql/.pgpass
case "$NODE" in
  node1)
    systemctl restart postgresql.service
    pg_wait_ready 60
    # PostgreSQL 13 (Debian 11) still stores md5 secrets by default; pg_hba asks for scram
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
echo manual > $conf/start.conf
systemctl disable postgresql.service
systemctl stop postgresql.service
SCRIPT
    chmod 700 /run/ob-lose-primary.sh
    systemd-run --unit=ob-lose-primary --collect /run/ob-lose-primary.sh
    ;;
  node2)
    systemctl stop postgresql.service
    rm -rf "$data"
    runuser -u postgres -- pg_basebackup -h "$primary" -U replicator -w -D "$data" -X stream -c fast
    pg_follow /var/lib/postgresql/.pgpass
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
