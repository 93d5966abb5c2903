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

# german_default: de_DE.UTF-8 as the default locale, for logins (update-locale writes
# /etc/default/locale, which PAM reads) and for systemd (localectl hands it to the running
# manager at once and writes the file it reads at boot).
german_default() {
  update-locale LANG=de_DE.UTF-8
  localectl set-locale LANG=de_DE.UTF-8
}
