#!/bin/bash
# Reference solution: de_DE.UTF-8 generated beside en_US.UTF-8 and made the default for logins
# and for the services systemd starts from now on (german_default); the zone through timedated.
# The RTC mode is not touched.
set -euo pipefail
. ./locales.sh
locale_enable de_DE.UTF-8
german_default
berlin_zone
locale -a
