#!/bin/bash
# Reference solution: a flat repository in /srv/repo indexed with apt-ftparchive (apt-utils),
# trusted explicitly in its sources entry (it is local and root-owned), then installed.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./repo.sh
install_apt_utils
build_repo
echo "deb [trusted=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
update_local_list
apt-get install -y acme-healthcheck </dev/null
acme-healthcheck
