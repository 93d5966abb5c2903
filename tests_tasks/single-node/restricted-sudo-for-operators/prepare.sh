#!/bin/bash
# Starting condition: inventory.service (a small package scanner) running; the group operators
# (dana, eli) and gus outside it, none with a password or any sudo right; mara, the
# administrator, with full passwordless sudo in /etc/sudoers.d/10-admins.
set -euo pipefail
. tasklib/install-pkgs.sh
. tasklib/sudoers.sh
command -v visudo >/dev/null || install_pkgs sudo
getent group operators >/dev/null || groupadd operators
for u in dana eli gus mara; do id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"; done
usermod -aG operators dana
usermod -aG operators eli
cat > /usr/local/bin/inventory-scan <<'SH'
#!/bin/sh
# Writes the list of installed packages for the inventory database, once a minute.
while :; do
  dpkg-query -W -f '${Package} ${Version}\n' > "$RUNTIME_DIRECTORY/packages.new"
  mv "$RUNTIME_DIRECTORY/packages.new" "$RUNTIME_DIRECTORY/packages"
  sleep 60
done
SH
chmod 755 /usr/local/bin/inventory-scan
cat > /etc/systemd/system/inventory.service <<'UNIT'
[Unit]
Description=Package inventory scanner
[Service]
ExecStart=/usr/local/bin/inventory-scan
RuntimeDirectory=inventory
UNIT
systemctl daemon-reload
systemctl restart inventory.service
sudoers_install /etc/sudoers.d/10-admins <<'SUDO'
# mara: the administrator
mara ALL=(ALL:ALL) NOPASSWD: ALL
SUDO
systemctl is-active inventory.service
