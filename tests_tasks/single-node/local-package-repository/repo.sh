#!/bin/bash
# The steps this task's reference shares with its wrong solutions (they differ in how the
# repository is trusted).

# install_apt_utils: apt-ftparchive, unless it is there
install_apt_utils() {
  command -v apt-ftparchive >/dev/null || apt-get install -y -q --no-install-recommends apt-utils </dev/null || { apt-get update -q </dev/null >/dev/null; apt-get install -y -q --no-install-recommends apt-utils </dev/null; }
}

# build_repo: the delivered package in a flat repository /srv/repo (Packages, Packages.gz,
# Release); the script goes on in /srv/repo
build_repo() {
  install -d /srv/repo
  cp /root/incoming/acme-healthcheck_1.4.2_all.deb /srv/repo/
  cd /srv/repo
  apt-ftparchive packages . > Packages
  gzip -9kf Packages
  apt-ftparchive -o APT::FTPArchive::Release::Origin=acme-local release . > Release
}

# update_local_list: `apt-get update` of the acme-local source entry only
update_local_list() {
  apt-get update -o Dir::Etc::sourcelist=sources.list.d/acme-local.list \
    -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 </dev/null
}
