#!/bin/bash
# journal_to_disk: /var/log/journal with journald's ownership and ACLs, journald restarted with
# the configuration as it is now, then told to move its journal to disk (journalctl --flush;
# depending on the systemd version, a restart alone keeps writing to /run until the next boot).
# Included by the solution and the wrong solutions.
journal_to_disk() {
  mkdir -p /var/log/journal
  systemd-tmpfiles --create --prefix /var/log/journal || true  # ownership and ACLs only; journald needs neither
  systemctl restart systemd-journald
  journalctl --flush
}
