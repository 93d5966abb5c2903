#!/bin/bash
# Reference solution, step 3 (node1): host key, the push command, a one-minute timer.
set -euo pipefail
pkill -f 'http[.]server 8799' || true
rm -rf /run/ob-xfer
touch /root/.ssh/known_hosts
ssh-keygen -R "$OB_ADDR_NODE2_PRIV" >/dev/null 2>&1 || true
ssh-keyscan -t ed25519 "$OB_ADDR_NODE2_PRIV" >> /root/.ssh/known_hosts 2>/dev/null
cat > /usr/local/sbin/push-appcfg <<SH
#!/bin/sh
# Mirror /etc/appcfg to node2 (the key is restricted there to rrsync /etc/appcfg).
exec rsync -a --delete -e "ssh -i /root/.ssh/appcfg_sync -o BatchMode=yes" /etc/appcfg/ root@$OB_ADDR_NODE2_PRIV:./
SH
chmod 0755 /usr/local/sbin/push-appcfg
cat > /etc/systemd/system/push-appcfg.service <<'UNIT'
[Unit]
Description=Push /etc/appcfg to node2
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/push-appcfg
UNIT
cat > /etc/systemd/system/push-appcfg.timer <<'UNIT'
[Unit]
Description=Push /etc/appcfg to node2 every minute
[Timer]
OnBootSec=1min
OnUnitActiveSec=1min
AccuracySec=5s
[Install]
WantedBy=timers.target
UNIT
systemctl daemon-reload
systemctl enable --now push-appcfg.timer
# the first run through the unit: systemd runs it once even if the timer fires now too
systemctl start push-appcfg.service
