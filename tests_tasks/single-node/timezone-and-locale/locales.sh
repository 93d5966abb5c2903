#!/bin/bash
# Included by prepare, the reference solution and its wrong solutions.
# locale_enable NAME: NAME (e.g. de_DE.UTF-8) enabled in /etc/locale.gen, next to those already
# there, and every enabled locale generated.
locale_enable() {
  local line="$1 ${1#*.}"
  sed -i "s/^# *\(${line//./\\.}\)\$/\1/" /etc/locale.gen
  grep -qx "$line" /etc/locale.gen || echo "$line" >> /etc/locale.gen
  locale-gen
}

# berlin_zone: the system time zone Europe/Berlin (/etc/localtime, through timedated).
berlin_zone() {
  timedatectl set-timezone Europe/Berlin
  timedatectl show -p Timezone -p LocalRTC
}

# german_default: de_DE.UTF-8 as the default locale for systemd and for logins. localectl first:
# it hands the locale to the running manager only when it differs from the file's, and writes
# the file (/etc/default/locale, which PAM reads at login and the manager at boot); after
# update-locale it would find nothing to change and leave the manager's locale as it was.
german_default() {
  localectl set-locale LANG=de_DE.UTF-8
  update-locale LANG=de_DE.UTF-8
}
