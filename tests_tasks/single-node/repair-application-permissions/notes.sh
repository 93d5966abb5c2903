#!/bin/bash
# The reference solution's steps, included by it and by the wrong solutions that keep them.
# code_permissions: the code root-owned and world-readable.
code_permissions() {
  chown -R root:root /opt/notes
  chmod 0755 /opt/notes
  chmod 0644 /opt/notes/app.py
}

# config_data_permissions: configuration and key readable by the notes group only; data and log
# owned by notes and closed to others.
config_data_permissions() {
  chown root:notes /etc/notes /etc/notes/notes.conf /etc/notes/secret.key
  chmod 0750 /etc/notes
  chmod 0640 /etc/notes/notes.conf /etc/notes/secret.key
  chown -R notes:notes /var/lib/notes /var/log/notes
  chmod 0750 /var/lib/notes /var/log/notes
  find /var/lib/notes /var/log/notes -type f -exec chmod 0640 {} +
}

# notes_restarted: restarts notes.service and waits up to 10 s for its /health; fails, with the
# end of its journal, if it does not answer.
notes_restarted() {
  local i
  systemctl reset-failed notes.service || true
  systemctl restart notes.service
  for i in $(seq 1 50); do curl -sf http://127.0.0.1:8400/health >/dev/null && return 0; sleep 0.2; done
  journalctl -u notes.service --no-pager | tail -5
  return 1
}
