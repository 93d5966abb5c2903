#!/bin/bash
# Reference solution: a flat repository in /srv/repo indexed with apt-ftparchive (apt-utils),
# trusted explicitly in its sources entry (it is local and root-owned), then installed.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v apt-ftparchive >/dev/null || apt-get install -y -q --no-install-recommends apt-utils </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends apt-utils </dev/null; }
install -d /srv/repo
cp /root/incoming/acme-healthcheck_1.4.2_all.deb /srv/repo/
cd /srv/repo
apt-ftparchive packages . > Packages
gzip -9kf Packages
apt-ftparchive -o APT::FTPArchive::Release::Origin=acme-local release . > Release
echo "deb [trusted=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
apt-get update -o Dir::Etc::sourcelist=sources.list.d/acme-local.list \
  -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 </dev/null
apt-get install -y acme-healthcheck </dev/null
acme-healthcheck
