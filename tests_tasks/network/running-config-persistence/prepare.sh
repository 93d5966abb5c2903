#!/bin/bash
# Starting condition: router is configured at runtime only (forwarding, a filter, a static
# route to 10.10.8.0/24 via host2); host2 serves the portal (443, admin on 8080) and holds
# 10.10.8.1 on a dummy interface, persistently.
set -euo pipefail
. tasklib/static-site.sh
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
    static_site portal-https 443 /srv/portal/https "Staff portal (https)" 'staff portal'
    static_site portal-admin 8080 /srv/portal/admin "Staff portal (admin)" 'portal admin'
    for i in $(seq 1 100); do
      ip -4 addr show labnet0 2>/dev/null | grep -q 10.10.8.1 && exit 0
      sleep 0.2
    done
    echo "the lab network did not come up" >&2
    exit 1 ;;
esac
