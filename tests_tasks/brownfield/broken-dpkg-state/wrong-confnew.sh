#!/bin/bash
# must fail req-3: the interrupted configuration is finished with --force-confnew, which replaces the site's agent.conf with the package's default (port 8100, no site name); the old one is only kept aside as agent.conf.dpkg-old
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg --configure -a --force-confnew </dev/null
apt-get -f install -y </dev/null
dpkg-query -W -f '${Package} ${Version} ${Status}\n' acme-agent
systemctl status acme-agent.service --no-pager || true
