#!/bin/bash
# must fail req-3: instead of trusting or signing the repository, APT is told globally (apt.conf.d) to accept insecure repositories and unauthenticated packages; a plain `apt-get install` works only because every authentication check is off
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./repo.sh
install_apt_utils
build_repo
cat > /etc/apt/apt.conf.d/99acme-local <<'CONF'
// local in-house repository (unsigned)
Acquire::AllowInsecureRepositories "true";
APT::Get::AllowUnauthenticated "true";
CONF
echo "deb file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
update_local_list
apt-get install -y acme-healthcheck </dev/null
acme-healthcheck
