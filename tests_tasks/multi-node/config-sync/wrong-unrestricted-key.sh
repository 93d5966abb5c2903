#!/bin/bash
# must fail req-3: the dedicated key is added to node2's authorized_keys as it is, without a forced command, so whoever holds it gets a root shell and can run anything on node2
# steps: node1:solution-node1-key.sh node2 node1
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
case "$NODE" in
  node2)
    command -v rsync >/dev/null || apt-get install -y --no-install-recommends rsync
    pub=$(curl -sf "http://$OB_ADDR_NODE1_PRIV:8799/appcfg_sync.pub")
    install -d -m 0700 /root/.ssh
    touch /root/.ssh/authorized_keys; chmod 0600 /root/.ssh/authorized_keys
    sed -i '/appcfg-sync$/d' /root/.ssh/authorized_keys
    echo "$pub" >> /root/.ssh/authorized_keys ;;
  node1)
    pkill -f 'http[.]server 8799' || true
    rm -rf /run/ob-xfer
    touch /root/.ssh/known_hosts
    ssh-keygen -R "$OB_ADDR_NODE2_PRIV" >/dev/null 2>&1 || true
    ssh-keyscan -t ed25519 "$OB_ADDR_NODE2_PRIV" >> /root/.ssh/known_hosts 2>/dev/null
    cat > /usr/local/sbin/push-appcfg <<SH
#!/bin/sh
# Mirror /etc/appcfg to node2 with the dedicated key.
exec rsync -a --delete -e "ssh -i /root/.ssh/appcfg_sync -o BatchMode=yes" /etc/appcfg/ root@$OB_ADDR_NODE2_PRIV:/etc/appcfg/
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
    /usr/local/sbin/push-appcfg ;;
esac
