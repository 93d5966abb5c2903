#!/bin/bash
# must fail req-1: the zone is exported as TZ in /etc/profile.d, which only login shells read; services started by systemd still run on UTC
set -euo pipefail
. ./locales.sh
locale_enable de_DE.UTF-8
german_default
echo 'export TZ=Europe/Berlin' > /etc/profile.d/berlin-time.sh
