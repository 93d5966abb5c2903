#!/bin/bash
# must fail req-2: the forum fix for "dpkg was interrupted": dpkg's journal in /var/lib/dpkg/updates is deleted, so dpkg falls back to its last status (1.0 installed) while 1.1's files sit unconfigured on disk; apt works again, but the upgrade is never finished
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
rm -f /var/lib/dpkg/updates/*
dpkg --configure -a </dev/null
apt-get -f install -y </dev/null
apt-get install -y acme-tools </dev/null
apt-get purge -y acme-tools </dev/null
dpkg-query -W -f '${Package} ${Version} ${Status}\n' acme-agent
