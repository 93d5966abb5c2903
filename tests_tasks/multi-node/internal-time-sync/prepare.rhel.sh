#!/bin/bash
# Written, NOT validated (rhel family: alma9, centos-stream10, rhel98, rhel100).
# Starting condition, as prepare.sh: chrony installed and running with the distribution's defaults
# (/etc/chrony.conf: the vendor's pool, e.g. `pool 2.rhel.pool.ntp.org iburst`, and
# `sourcedir /run/chrony-dhcp`; unreachable here), as chronyd.service. firewalld runs (installed
# and enabled here where the image lacks it) and SELinux stays enforcing, as on the EL nodes of the
# study's internal-time-sync trials (open-sudo/infraset jobs/multi-node-os-comparison/rhel10/
# internal-time-sync-rhel10/…__pUqg4eJ: chrony 4.6.1 active, that chrony.conf, firewalld public
# zone with cockpit dhcpv6-client ssh).
# REPOSITORIES: chrony and firewalld, if missing, from the image's own BaseOS (RHEL: a
# subscription); not through the lab's package cache, which serves apt only.
set -euo pipefail
for pkg in chrony firewalld; do
  rpm -q "$pkg" >/dev/null 2>&1 && continue
  dnf -y -q install "$pkg" >/tmp/ob-install.log 2>&1 || { tail -n 20 /tmp/ob-install.log; exit 1; }
done
systemctl enable --now firewalld.service
systemctl enable --now chronyd.service
