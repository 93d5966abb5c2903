#!/bin/bash
# must fail req-3: the wiki's own server certificate (from its unit's /etc/wiki/wiki.crt) is made a trust anchor instead of the Acme Corp Root CA: another certificate that CA issues does not verify
set -euo pipefail
install -m 644 /etc/wiki/wiki.crt /usr/local/share/ca-certificates/wiki.corp.internal.crt
update-ca-certificates
