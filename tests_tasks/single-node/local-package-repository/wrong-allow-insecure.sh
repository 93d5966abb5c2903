#!/bin/bash
# must fail req-3: the unsigned repository is marked allow-insecure and the package installed with --allow-unauthenticated, so APT still treats it as unauthenticated and refuses it without that override
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./repo.sh
install_apt_utils
build_repo
echo "deb [allow-insecure=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
update_local_list
apt-get install -y --allow-unauthenticated acme-healthcheck </dev/null
acme-healthcheck
