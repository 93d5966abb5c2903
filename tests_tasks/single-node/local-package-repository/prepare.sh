#!/bin/bash
# Starting condition: a small in-house package, built here with dpkg-deb, waiting in
# /root/incoming; APT knows nothing about it.
set -euo pipefail
B=$(mktemp -d)
install -d "$B/pkg/DEBIAN" "$B/pkg/usr/bin" "$B/pkg/usr/share/doc/acme-healthcheck"
cat > "$B/pkg/DEBIAN/control" <<'CTL'
Package: acme-healthcheck
Version: 1.4.2
Section: admin
Priority: optional
Architecture: all
Maintainer: ACME Platform Team <platform@acme.example>
Description: ACME host health check
 Prints a one-line health summary of the host for ACME's monitoring.
CTL
cat > "$B/pkg/usr/bin/acme-healthcheck" <<'SH'
#!/bin/sh
echo "acme-healthcheck 1.4.2: host $(hostname) OK"
SH
chmod 755 "$B/pkg/usr/bin/acme-healthcheck"
echo "ACME in-house package." > "$B/pkg/usr/share/doc/acme-healthcheck/README"
install -d -m 0700 /root/incoming
dpkg-deb --root-owner-group -Zxz --build "$B/pkg" /root/incoming/acme-healthcheck_1.4.2_all.deb >/dev/null
rm -rf "$B"
install -d -m 0700 /var/lib/opsbench
sha256sum /root/incoming/acme-healthcheck_1.4.2_all.deb | cut -d' ' -f1 > /var/lib/opsbench/acme-healthcheck.sha256
