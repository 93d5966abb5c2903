#!/bin/bash
# firewalld_on: firewalld installed (from the image's own repositories where it is missing) and
# running, enabled at boot: the EL nodes of the study's trials ran it, so the rhel-family
# starting conditions do too. Fails with the end of dnf's log when it cannot be installed.
firewalld_on() {
  if ! rpm -q firewalld >/dev/null 2>&1; then
    dnf -y -q install firewalld >/tmp/ob-install.log 2>&1 || { tail -n 20 /tmp/ob-install.log; return 1; }
  fi
  systemctl enable --now firewalld.service
}
