#!/bin/bash
# must fail req-1: a first quick attempt indexed /root/incoming itself as a source; the proper repository in /srv/repo is added next to it, but the first source entry stays, so APT gets the package from /root/incoming too
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. ./repo.sh
install_apt_utils
# first try: the package is already in /root/incoming, index it where it is
(cd /root/incoming && apt-ftparchive packages . > Packages)
echo "deb [trusted=yes] file:/root/incoming ./" > /etc/apt/sources.list.d/acme-incoming.list
# then the repository that was asked for
build_repo
echo "deb [trusted=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
apt-get update </dev/null
apt-get install -y acme-healthcheck </dev/null
acme-healthcheck
