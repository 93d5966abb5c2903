#!/bin/bash
# Included by the reference solution and its wrong solutions.
# install_sudoers FILE: the sudoers lines read from stdin, checked with visudo before they are
# installed as FILE (0440 root:root); then the whole configuration is checked again.
install_sudoers() {
  local tmp
  tmp=$(mktemp)
  cat > "$tmp"
  visudo -cqf "$tmp"
  install -m 440 -o root -g root "$tmp" "$1"
  rm -f "$tmp"
  visudo -cq
}

# audit_sudoers FILE: the reference settings installed as FILE (install_sudoers): sudo's own log
# file (one line per command, unwrapped) and I/O logging of every command's output into
# /var/log/sudo-io.
audit_sudoers() {
  install_sudoers "$1" <<'SUDO'
Defaults logfile="/var/log/sudo.log"
Defaults loglinelen=0
Defaults log_output
Defaults iolog_dir="/var/log/sudo-io"
SUDO
}
