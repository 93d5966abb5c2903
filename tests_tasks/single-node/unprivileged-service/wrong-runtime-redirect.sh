#!/bin/bash
# must fail req-2: no capability at all: the service listens on 8080 (its PORT variable) and port 80 is redirected to it with nft rules added only to the running ruleset, gone after node1 reboots
set -euo pipefail
. ./quotes.sh
quotes_account
chown -R quotes:quotes /var/lib/quotes
chmod 750 /var/lib/quotes
install -d /etc/systemd/system/quotes.service.d
cat > /etc/systemd/system/quotes.service.d/unprivileged.conf <<'CONF'
[Service]
User=quotes
Group=quotes
Environment=PORT=8080
CapabilityBoundingSet=
NoNewPrivileges=yes
CONF
systemctl daemon-reload
systemctl restart quotes.service
command -v nft >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nftables </dev/null 2>/dev/null || dnf -y -q install nftables; }
nft add table ip quotes
nft 'add chain ip quotes prerouting { type nat hook prerouting priority -100; }'
nft 'add chain ip quotes output { type nat hook output priority -100; }'
nft add rule ip quotes prerouting tcp dport 80 redirect to :8080
nft add rule ip quotes output oif lo tcp dport 80 redirect to :8080
quotes_up
