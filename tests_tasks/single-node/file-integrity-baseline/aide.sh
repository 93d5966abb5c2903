#!/bin/bash
# The parts of this task's scripts that are the same in the reference and its mistakes.

# install_aide: the distribution's AIDE, with its database and configuration folders
install_aide() {
  apt-get install -y -q --no-install-recommends aide </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends aide </dev/null; }
  install -d -m 0700 /var/lib/aide
  install -d /etc/aide
}

# aide_conf: /etc/aide/aide.conf watching /etc and /usr/local/bin, the report on stdout
aide_conf() {
  cat > /etc/aide/aide.conf <<'CONF'
# Integrity baseline for node1: system configuration and local programs only.
database_in=file:/var/lib/aide/aide.db
database_out=file:/var/lib/aide/aide.db.new
gzip_dbout=no
report_url=stdout
Watch = p+i+n+u+g+s+m+c+sha256
/etc Watch
/usr/local/bin Watch
CONF
}

# aide_baseline: the database initialised, put where --check reads it, and a first check
aide_baseline() {
  aide --config /etc/aide/aide.conf --config-check
  rm -f /var/lib/aide/aide.db.new
  aide --config /etc/aide/aide.conf --init </dev/null >/dev/null || [ $? -le 7 ]
  mv -f /var/lib/aide/aide.db.new /var/lib/aide/aide.db
  aide --config /etc/aide/aide.conf --check </dev/null
}
