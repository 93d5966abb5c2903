#!/bin/bash
# Starting condition: dana with full passwordless sudo, erin allowed only to restart
# webapp.service; sudo logs to syslog/journal only (Debian's default), no I/O logging.
set -euo pipefail
for u in dana erin; do id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"; done
cat > /etc/systemd/system/webapp.service <<'UNIT'
[Unit]
Description=Web application
[Service]
ExecStart=/usr/bin/sleep infinity
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now webapp.service
cat > /etc/sudoers.d/40-team <<'SUDO'
dana ALL=(ALL:ALL) NOPASSWD: ALL
erin ALL=(root) NOPASSWD: /usr/bin/systemctl restart webapp.service
SUDO
chmod 440 /etc/sudoers.d/40-team
visudo -cq
rm -rf /var/log/sudo.log /var/log/sudo-io
