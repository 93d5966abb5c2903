#!/bin/bash
# must fail req-2, req-3: dpkg --configure -a stops at the conffile question (end of file on stdin), so the half-installed acme-agent is removed to unblock apt; apt works, but the agent is gone
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
dpkg --configure -a </dev/null || true
dpkg --remove --force-remove-reinstreq acme-agent </dev/null
apt-get -f install -y </dev/null
apt-get check
