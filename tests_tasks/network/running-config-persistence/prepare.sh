#!/bin/bash
# Starting condition: router is configured at runtime only (forwarding, a filter, a static
# route to 10.10.8.0/24 via host2); host2 serves the portal (443, admin on 8080) and holds
# 10.10.8.1 on a dummy interface, persistently.
set -euo pipefail
case "$NODE" in
  router)
    sysctl -q -w net.ipv4.ip_forward=1
    nft -f - <<'NFT'
table inet handmade {
	chain forward {
		type filter hook forward priority filter; policy accept;
		iifname "eth1" ip daddr 10.10.2.0/24 tcp dport 8080 reject with tcp reset
	}
}
NFT
    ip route replace 10.10.8.0/24 via "$OB_ADDR_HOST2_LAN2" dev eth2 ;;
  host2)
    cat > /etc/systemd/network/05-labnet.netdev <<'NET'
[NetDev]
Name=labnet0
Kind=dummy
NET
    cat > /etc/systemd/network/05-labnet.network <<'NET'
[Match]
Name=labnet0
[Network]
Address=10.10.8.1/24
NET
    networkctl reload
    install -d /srv/portal/https /srv/portal/admin
    printf 'staff portal\n' > /srv/portal/https/index.html
    printf 'portal admin\n' > /srv/portal/admin/index.html
    for spec in "portal-https 443 https" "portal-admin 8080 admin"; do
      set -- $spec
      cat > "/etc/systemd/system/$1.service" <<UNIT
[Unit]
Description=Staff portal ($3)
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $2 --directory /srv/portal/$3
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
    done
    systemctl daemon-reload
    systemctl enable --now portal-https.service portal-admin.service
    for i in $(seq 1 100); do
      ip -4 addr show labnet0 2>/dev/null | grep -q 10.10.8.1 && curl -sf http://127.0.0.1:443/ >/dev/null \
        && curl -sf http://127.0.0.1:8080/ >/dev/null && exit 0
      sleep 0.2
    done
    echo "the portal or the lab network did not come up" >&2
    exit 1 ;;
esac
