#!/bin/bash
# For the rhel-family scripts: rsync and its restricted-rsync script on EL, where
# tasklib/rrsync.sh (apt, Debian's paths) does not apply.

# el_rrsync_install: rsync and rsync-rrsync from dnf (EL9 and EL10 ship rrsync as that subpackage),
# and RRSYNC, the path of the script, /usr/bin/rrsync; fails when it is not there.
el_rrsync_install() {
  rpm -q rsync rsync-rrsync >/dev/null 2>&1 || dnf -y -q install rsync rsync-rrsync
  RRSYNC=/usr/bin/rrsync
  [ -x "$RRSYNC" ] || { echo "no $RRSYNC after installing rsync-rrsync" >&2; return 1; }
}

# ssh_labels: the SELinux labels of root's ~/.ssh restored (sshd reads authorized_keys only as
# ssh_home_t); nothing where SELinux is off.
ssh_labels() {
  command -v restorecon >/dev/null || return 0
  restorecon -R /root/.ssh
}
