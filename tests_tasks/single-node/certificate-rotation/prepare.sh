#!/bin/bash
# Starting condition: portal (python3 ssl HTTPS server on 8443, user portal) serves a
# certificate for portal.corp.internal, issued by the task's fixed Northwind CA (below; the
# checks trust exactly this CA), that expires in 5 days. SIGHUP makes it reload the files.
set -euo pipefail
. tasklib/https-app.sh
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id portal >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell "$nologin" portal
install -d -m 700 /root/northwind-ca
cat > /root/northwind-ca/ca.key <<'KEY'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIB0pKz5eh/HBPLKaafmPPPjoEz3e9F32jR7RnczvCnasoAoGCCqGSM49
AwEHoUQDQgAEaA8XvBp/FJPJj1xNhYLnEDobFHURr5kOsjxMfG8UkXShfBvSxNBg
r7fvoyExUwQrTSLL38s/Fr6Ra+wP0CmsIw==
-----END EC PRIVATE KEY-----
KEY
chmod 600 /root/northwind-ca/ca.key
cat > /root/northwind-ca/ca.crt <<'CRT'
-----BEGIN CERTIFICATE-----
MIIBnDCCAUKgAwIBAgICEAAwCgYIKoZIzj0EAwIwNDESMBAGA1UECgwJTm9ydGh3
aW5kMR4wHAYDVQQDDBVOb3J0aHdpbmQgSW50ZXJuYWwgQ0EwIBcNMjAwMTAxMDAw
MDAwWhgPMjEyMDAxMDEwMDAwMDBaMDQxEjAQBgNVBAoMCU5vcnRod2luZDEeMBwG
A1UEAwwVTm9ydGh3aW5kIEludGVybmFsIENBMFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEaA8XvBp/FJPJj1xNhYLnEDobFHURr5kOsjxMfG8UkXShfBvSxNBgr7fv
oyExUwQrTSLL38s/Fr6Ra+wP0CmsI6NCMEAwDwYDVR0TAQH/BAUwAwEB/zAOBgNV
HQ8BAf8EBAMCAQYwHQYDVR0OBBYEFLe/K5cffJeYlxs7e5Zm3F2fsGChMAoGCCqG
SM49BAMCA0gAMEUCIQDs4gKtTWsWJQshfhj7O06ni91iwwZ1xEFuorepKjrYvQIg
LGrobTFYKwcHvE51XwtSvg8gxh6XxOTSxrEugBNK/8U=
-----END CERTIFICATE-----
CRT
for n in portal.corp.internal portal-api.corp.internal; do
  grep -q " $n\$" /etc/hosts || echo "127.0.0.1 $n" >> /etc/hosts
done

# the current certificate: issued 360 days ago, valid for 365 days
install -d -m 755 /etc/portal/tls
https_cert /root/northwind-ca /etc/portal/tls/portal.key /etc/portal/tls/portal.crt \
  "/O=Northwind/OU=Platform/CN=portal.corp.internal" DNS:portal.corp.internal 5C01 \
  "$(date -u -d '360 days ago' +%Y%m%d%H%M%SZ)" "$(date -u -d '5 days' +%Y%m%d%H%M%SZ)"
chown root:portal /etc/portal/tls/portal.key
chmod 640 /etc/portal/tls/portal.key
chmod 644 /etc/portal/tls/portal.crt

https_app portal <<'ROUTES'
{"*": ["application/json", {"service": "portal", "status": "ok"}]}
ROUTES
cat > /opt/portal/README <<'DOC'
portal
======

HTTPS on port 8443. The certificate and key paths are the first two arguments in the systemd
unit (portal.service); the key must be readable by the group portal.

Certificate changes: `systemctl reload portal` (SIGHUP) makes the running service re-read the
certificate and key files; new connections get the new certificate, open sessions stay up. If
the files cannot be loaded, portal logs an error and keeps serving the old certificate.
DOC
cat > /etc/systemd/system/portal.service <<'UNIT'
[Unit]
Description=portal (HTTPS on 8443)
After=network.target

[Service]
User=portal
Group=portal
ExecStart=/usr/bin/python3 /opt/portal/server.py /etc/portal/tls/portal.crt /etc/portal/tls/portal.key 8443
ExecReload=/bin/kill -HUP $MAINPID
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now portal.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /root/northwind-ca/ca.crt https://portal.corp.internal:8443/ >/dev/null && exit 0
  sleep 0.2
done
echo "portal did not come up" >&2
exit 1
