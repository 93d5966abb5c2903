#!/bin/bash
# must fail req-3: the unsigned repository is marked allow-insecure and the package installed with --allow-unauthenticated, so APT still treats it as unauthenticated and refuses it without that override
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
command -v apt-ftparchive >/dev/null || apt-get install -y -q --no-install-recommends apt-utils </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends apt-utils </dev/null; }
install -d /srv/repo
cp /root/incoming/acme-healthcheck_1.4.2_all.deb /srv/repo/
cd /srv/repo
apt-ftparchive packages . > Packages
gzip -9kf Packages
apt-ftparchive -o APT::FTPArchive::Release::Origin=acme-local release . > Release
echo "deb [allow-insecure=yes] file:/srv/repo ./" > /etc/apt/sources.list.d/acme-local.list
apt-get update -o Dir::Etc::sourcelist=sources.list.d/acme-local.list \
  -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 </dev/null
apt-get install -y --allow-unauthenticated acme-healthcheck </dev/null
acme-healthcheck
