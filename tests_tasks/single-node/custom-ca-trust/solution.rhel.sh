#!/bin/bash
# Reference solution (RHEL family), NOT validated: the CA as a trust anchor, then
# update-ca-trust regenerates the extracted bundles.
set -euo pipefail
install -m 644 /srv/pki/acme-root-ca.pem /etc/pki/ca-trust/source/anchors/acme-root-ca.pem
update-ca-trust extract
curl -sS https://wiki.corp.internal:9443/
