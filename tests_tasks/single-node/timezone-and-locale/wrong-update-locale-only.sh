#!/bin/bash
# must fail req-2: de_DE.UTF-8 generated and set with update-locale only: new logins get it, but systemd keeps the environment it read at boot, so the services it starts from now on stay English until a reboot
set -euo pipefail
. ./locales.sh
locale_enable de_DE.UTF-8
update-locale LANG=de_DE.UTF-8
berlin_zone
