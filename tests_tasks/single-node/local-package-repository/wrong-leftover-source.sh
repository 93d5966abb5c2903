#!/bin/bash
# must fail req-1: a first quick attempt indexed /root/incoming itself as a source; the proper repository in /srv/repo is added next to it, but the first source entry stays, so APT gets the package from /root/incoming too
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v apt-ftparchive >/dev/null || apt-get install -y -q --no-install-recommends apt-utils </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends apt-utils </dev/null; }
# first try: the package is already in /root/incoming, index it where it is
(cd /root/incoming && apt-ftparchive packages . > Packages)
echo "deb [trusted=yes] file:/root/incoming ./" > /etc/apt/sources.list.d/acme-incoming.list
# then the repository that was asked for
install -d /srv/repo
cp /root/incoming/acme-healthcheck_1.4.2_all.deb /srv/repo/
cd /srv/repo
apt-ftparchive packages . > Packages
gzip -9kf Packages
apt-ftparchive -o APT::FTPArchive::Release::Origin=acme-local release . > Release
echo "deb [trusted=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
apt-get update </dev/null
apt-get install -y acme-healthcheck </dev/null
acme-healthcheck
