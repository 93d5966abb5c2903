#!/bin/bash
# must fail req-2: LANG=de_DE.UTF-8 is written into /etc/default/locale by hand, but the locale is never generated, so programs fall back to the C locale (English)
set -euo pipefail
. ./locales.sh
echo 'LANG=de_DE.UTF-8' > /etc/default/locale
berlin_zone
