#!/bin/bash
# The certificate steps the reference shares with its wrong solutions, on both families. Needs
# `conf` (the directory of PostgreSQL's configuration), `primary` (node1's priv address) and
# psql, the superuser's client.

# self_signed_cert: (node1) a self-signed certificate for node1's priv address in $conf, unless
# there is one, its key readable by postgres only
self_signed_cert() {
  if [ ! -s "$conf/server.crt" ]; then
    openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=$primary" \
      -addext "subjectAltName=IP:$primary" -keyout "$conf/server.key" -out "$conf/server.crt" 2>/dev/null
  fi
  chown postgres:postgres "$conf/server.key" "$conf/server.crt"; chmod 600 "$conf/server.key"
}

# publish_cert: (node1) the certificate handed to node2 through the database (it is public
# material; the standby replays it)
publish_cert() {
  psql -c "DROP TABLE IF EXISTS opsbench_ca" -c "CREATE TABLE opsbench_ca (pem text)" \
       -c "INSERT INTO opsbench_ca VALUES (\$pem\$$(cat "$conf/server.crt")\$pem\$)"
}

# fetch_cert FILE: (node2) the certificate node1 published, as soon as the standby has it (at
# most a minute), written to FILE for postgres
fetch_cert() {
  for i in $(seq 1 60); do
    pem=$(psql -c "SELECT pem FROM opsbench_ca" 2>/dev/null || true)
    [ -n "$pem" ] && break
    sleep 1
  done
  printf '%s\n' "$pem" > "$1"
  chown postgres:postgres "$1"
}
