#!/bin/bash
# Reference solution: a pam_limits drop-in for the group (the @group syntax), applied by
# pam_limits to every new login session (su -, ssh, login).
set -euo pipefail
cat > /etc/security/limits.d/90-batch.conf <<'CONF'
# ETL jobs (group batch): no fork bombs, no runaway file handles
@batch  soft  nproc   40
@batch  hard  nproc   40
@batch  soft  nofile  2048
@batch  hard  nofile  2048
CONF
chmod 644 /etc/security/limits.d/90-batch.conf
su - etl1 -c 'ulimit -Su -Hu -Sn -Hn'
