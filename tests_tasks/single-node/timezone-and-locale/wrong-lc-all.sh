#!/bin/bash
# must fail req-3: LC_ALL=de_DE.UTF-8 is set system-wide "to be sure", which overrides whatever a user picks: a session that asks for English (LANG=en_US.UTF-8) still gets German
set -euo pipefail
. ./locales.sh
locale_enable de_DE.UTF-8
update-locale LANG=de_DE.UTF-8 LC_ALL=de_DE.UTF-8
localectl set-locale LANG=de_DE.UTF-8
berlin_zone
