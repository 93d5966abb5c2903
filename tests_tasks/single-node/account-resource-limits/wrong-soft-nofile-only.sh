#!/bin/bash
# must fail req-2: the open-files limit is set as a soft limit only; the hard limit stays at the default, so a job can raise its own limit past 2048
set -euo pipefail
cat > /etc/security/limits.d/90-batch.conf <<'CONF'
# ETL jobs (group batch): no fork bombs, no runaway file handles
@batch  soft  nproc   40
@batch  hard  nproc   40
@batch  soft  nofile  2048
CONF
chmod 644 /etc/security/limits.d/90-batch.conf
su - etl1 -c 'ulimit -Su -Hu -Sn -Hn'
