#!/bin/bash
# must fail req-1, req-2: the limits name the two accounts of the ticket (etl1, etl2) instead of the group batch, so an account added to batch later gets none
set -euo pipefail
cat > /etc/security/limits.d/90-etl.conf <<'CONF'
# ETL jobs: no fork bombs, no runaway file handles
etl1  soft  nproc   40
etl1  hard  nproc   40
etl1  soft  nofile  2048
etl1  hard  nofile  2048
etl2  soft  nproc   40
etl2  hard  nproc   40
etl2  soft  nofile  2048
etl2  hard  nofile  2048
CONF
chmod 644 /etc/security/limits.d/90-etl.conf
su - etl1 -c 'ulimit -Su -Hu -Sn -Hn'
