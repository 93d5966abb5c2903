#!/bin/bash
# Reference solution: let dpkg finish the configuration it was interrupted in, answering the
# conffile question the way the site needs (keep the locally changed agent.conf; the new default
# file is left beside it as agent.conf.dpkg-dist), then confirm that apt is satisfied and the agent
# runs as 1.1 with the site's settings.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg --configure -a --force-confold </dev/null
apt-get -o Dpkg::Options::=--force-confold -f install -y </dev/null
dpkg --audit
dpkg-query -W -f '${Package} ${Version} ${Status}\n' acme-agent
for i in $(seq 1 50); do curl -sf http://127.0.0.1:9100/ && exit 0; sleep 0.2; done
systemctl status acme-agent.service --no-pager >&2 || true
exit 1
