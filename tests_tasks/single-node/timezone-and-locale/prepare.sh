#!/bin/bash
# Starting condition: locales and tzdata installed, en_US.UTF-8 generated and the default for
# login sessions (/etc/default/locale); time zone UTC; the RTC kept in UTC. systemd's own
# environment is left as it booted.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
. tasklib/install-pkgs.sh
. ./locales.sh
install_pkgs locales tzdata
locale_enable en_US.UTF-8 >/dev/null
update-locale LANG=en_US.UTF-8
timedatectl set-timezone Etc/UTC
timedatectl set-local-rtc 0
locale -a
