#!/bin/bash
# must fail req-4: the hold and pin are right, then the agent "confirms" that acme-tools still upgrades by upgrading it, now
set -euo pipefail
apt-mark hold acme-agent
printf 'Package: acme-agent\nPin: version 1.0\nPin-Priority: 1001\n' > /etc/apt/preferences.d/acme-agent
DEBIAN_FRONTEND=noninteractive apt-get -y install --only-upgrade acme-tools
