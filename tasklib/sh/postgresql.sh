#!/bin/bash
# PostgreSQL on the PostgreSQL tasks' nodes.

# psql: SQL as the superuser, quiet and unaligned, stopping at the first error
psql() { runuser -u postgres -- psql -XAtq -v ON_ERROR_STOP=1 "$@"; }

# pg_layout: (once PostgreSQL is installed) conf and data, where this family keeps the cluster's
# configuration and its data (Debian: /etc/postgresql/$ver/main and /var/lib/postgresql/$ver/main
# of the newest version ver; rhel family: /var/lib/pgsql/data for both), and primary and standby,
# node1's and node2's private addresses
pg_layout() {
  if [ -d /etc/postgresql ]; then
    ver=$(ls /etc/postgresql | sort -n | tail -1)
    conf=/etc/postgresql/$ver/main
    data=/var/lib/postgresql/$ver/main
  else
    conf=/var/lib/pgsql/data
    data=/var/lib/pgsql/data
  fi
  primary=$OB_ADDR_NODE1_PRIV
  standby=$OB_ADDR_NODE2_PRIV
}

# pg_apt_install: (Debian family) PostgreSQL, without recommends; the package lists are updated
# only when the install fails without it. The log: /tmp/ob-install.log
pg_apt_install() {
  apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1 || {
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends postgresql >/tmp/ob-install.log 2>&1
  }
}

# pg_ledger_sql [LINE...]: the given lines, then the SQL that makes the ledger's tables and rows
# (25 accounts, 600 entries), for psql's stdin
pg_ledger_sql() {
  [ "$#" -eq 0 ] || printf '%s\n' "$@"
  cat <<'SQL'
CREATE TABLE accounts (id int PRIMARY KEY, owner text NOT NULL);
CREATE TABLE entries (id bigserial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts(id),
                      amount numeric(12,2) NOT NULL, booked_at timestamptz NOT NULL);
INSERT INTO accounts SELECT g, 'owner-' || g FROM generate_series(1, 25) g;
INSERT INTO entries (account_id, amount, booked_at)
  SELECT 1 + g % 25, round((g * 37 % 1000) / 7.0, 2), timestamptz '2026-01-01' + g * interval '17 minutes'
  FROM generate_series(1, 600) g;
SQL
}

# pg_wait_ready TRIES [PG_ISREADY_ARGS...]: until pg_isready (as postgres, with those arguments,
# e.g. -h ADDRESS) says the server accepts connections, at most TRIES times a second apart;
# whether it does is for the next command to find out
pg_wait_ready() {
  for i in $(seq 1 "$1"); do runuser -u postgres -- pg_isready -q "${@:2}" && break; sleep 1; done
}

# pg_wait_streaming TRIES: until this standby's WAL receiver streams, at most TRIES times a second
# apart; `st` holds the receiver's last status (empty when there is none)
pg_wait_streaming() {
  for i in $(seq 1 "$1"); do
    st=$(psql -c "SELECT status FROM pg_stat_wal_receiver" 2>/dev/null || true)
    [ "$st" = streaming ] && break
    sleep 1
  done
}

# pg_follow PASSFILE: node1's cluster copied into $data (pg_basebackup) made node2's hot standby:
# it streams from $primary as replicator, with the password in PASSFILE (primary_conninfo in
# postgresql.auto.conf, and standby.signal)
pg_follow() {
  cat > "$data/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=$primary port=5432 user=replicator passfile=$1 application_name=node2'
CONF
  chown postgres:postgres "$data/postgresql.auto.conf"
  runuser -u postgres -- touch "$data/standby.signal"
}
