#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh (the same reports unit and page): node1 serves "reports" on
# 0.0.0.0:9100. EL's host firewall is firewalld (running on both nodes, installed and enabled here
# where the image lacks it), and "today answers on every interface" means 9100/tcp is open in its
# default zone, as an admin who first published the service had it. SELinux stays enforcing.
# firewalld's state is the study's (open-sudo/infraset jobs/multi-node-os-comparison/
# centos-stream10/network-scoped-firewall-centos-stream10/…__GCCS37W: firewalld active, public
# zone with cockpit dhcpv6-client ssh, firewall-cmd, nft and iptables present).
# REPOSITORIES: firewalld, if missing, from the image's own BaseOS (RHEL: a subscription); not
# through the lab's package cache, which serves apt only.
set -euo pipefail
. tasklib/firewalld-on.sh
firewalld_on
[ "$NODE" = node1 ] || exit 0
install -d /srv/reports
printf 'daily report\nbackups: ok\ndisk: 41%%\n' > /srv/reports/index.html
cat > /etc/systemd/system/reports.service <<'UNIT'
[Unit]
Description=Reporting service
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server 9100 --directory /srv/reports
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now reports.service
firewall-cmd -q --permanent --add-port=9100/tcp
firewall-cmd -q --reload
for i in $(seq 1 50); do curl -sf http://127.0.0.1:9100/ >/dev/null && exit 0; sleep 0.2; done
echo "reports did not come up" >&2; exit 1
