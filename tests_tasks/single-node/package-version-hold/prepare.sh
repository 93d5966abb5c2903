#!/bin/bash
# Starting condition: a flat local APT repository (file:/srv/acme-repo, trusted) offering
# acme-agent 1.0 and 1.1 and acme-tools 2.0 and 2.1; the older version of both is installed,
# so both are upgradable. The .debs are built here with dpkg-deb (no network needed).
set -euo pipefail
. tasklib/flat-repo.sh
repo=/srv/acme-repo
build=$(mktemp -d)
install -d "$repo"
mkdeb() {  # name version
  local d="$build/$1-$2"
  install -d "$d/DEBIAN" "$d/opt/acme/$1"
  printf '%s %s\n' "$1" "$2" > "$d/opt/acme/$1/VERSION"
  cat > "$d/DEBIAN/control" <<CTL
Package: $1
Version: $2
Architecture: all
Maintainer: Acme Ops <ops@acme.example>
Description: Acme in-house $1
 Internal package $1, version $2.
CTL
  dpkg-deb --root-owner-group -Zgzip --build "$d" "$repo/${1}_${2}_all.deb" >/dev/null
}
mkdeb acme-agent 1.0; mkdeb acme-agent 1.1; mkdeb acme-tools 2.0; mkdeb acme-tools 2.1
flat_repo "$repo" acme
rm -rf "$build"
apt-get update -qq
apt-get install -y -qq --no-install-recommends acme-agent=1.0 acme-tools=2.0 >/dev/null
dpkg-query -W acme-agent acme-tools
