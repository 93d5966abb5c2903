#!/bin/bash
# Reference solution: a hold (keeps upgrade/dist-upgrade away) plus an APT pin at 1.0 with a
# priority above 1000, so even an explicit install --only-upgrade keeps the installed version.
set -euo pipefail
apt-mark hold acme-agent
cat > /etc/apt/preferences.d/acme-agent <<'PIN'
Package: acme-agent
Pin: version 1.0
Pin-Priority: 1001
PIN
apt-cache policy acme-agent
