#!/bin/bash
# Starting condition: billing-api (a small python3 ssl HTTPS server, run by systemd as the user
# billing) serves a certificate for billing.corp.internal, signed by the task's fixed internal CA
# (below; the checks trust exactly this CA), that expired in 2025. The CA key is on the node, so
# the certificate can be renewed there.
set -euo pipefail
. tasklib/https-app.sh
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id billing >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell "$nologin" billing
install -d -m 700 /root/corp-ca
cat > /root/corp-ca/ca.key <<'KEY'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIM6oRY0LCW9EDKJBHixOz2vQTKh8t2k0DYK8mY2jOXWMoAoGCCqGSM49
AwEHoUQDQgAER25z4925+IL8x3YIHpDrmeoUZriUvwicT2kDZtcfNMAHs9SwijdL
zx4V1Rl5T+KB19VsOXaB6Nj0AYkN4h2dOA==
-----END EC PRIVATE KEY-----
KEY
chmod 600 /root/corp-ca/ca.key
cat > /root/corp-ca/ca.crt <<'CRT'
-----BEGIN CERTIFICATE-----
MIIBqDCCAU6gAwIBAgICEAAwCgYIKoZIzj0EAwIwOjEVMBMGA1UECgwMRXhhbXBs
ZSBDb3JwMSEwHwYDVQQDDBhFeGFtcGxlIENvcnAgSW50ZXJuYWwgQ0EwIBcNMjAw
MTAxMDAwMDAwWhgPMjEyMDAxMDEwMDAwMDBaMDoxFTATBgNVBAoMDEV4YW1wbGUg
Q29ycDEhMB8GA1UEAwwYRXhhbXBsZSBDb3JwIEludGVybmFsIENBMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAER25z4925+IL8x3YIHpDrmeoUZriUvwicT2kDZtcf
NMAHs9SwijdLzx4V1Rl5T+KB19VsOXaB6Nj0AYkN4h2dOKNCMEAwDwYDVR0TAQH/
BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwHQYDVR0OBBYEFA7c6KFKGvHh2525N1FV
735DZlTYMAoGCCqGSM49BAMCA0gAMEUCIQDZ8lrmSDOsZ9DyDIHtMhQtN38+8zhz
qnPoUa66bt7fOwIgPvvGGdoZm5puX86lMGq+aFqFwHxLPRjv6LKc4izKNH8=
-----END CERTIFICATE-----
CRT
grep -q 'billing.corp.internal' /etc/hosts || echo '127.0.0.1 billing.corp.internal' >> /etc/hosts

# the certificate, issued for a year and expired since 2025-03-01
install -d -m 755 /etc/billing-api/tls
https_cert /root/corp-ca /etc/billing-api/tls/billing.key /etc/billing-api/tls/billing.crt \
  "/O=Example Corp/CN=billing.corp.internal" DNS:billing.corp.internal 1A2B 20240301000000Z 20250301000000Z
chown root:billing /etc/billing-api/tls/billing.key
chmod 640 /etc/billing-api/tls/billing.key
chmod 644 /etc/billing-api/tls/billing.crt

https_app billing-api <<'ROUTES'
{"/health": ["application/json", {"service": "billing-api", "status": "ok"}],
 "*": ["application/json", {"service": "billing-api", "invoices_open": 42, "currency": "EUR"}]}
ROUTES
cat > /etc/systemd/system/billing-api.service <<'UNIT'
[Unit]
Description=billing-api (HTTPS on 8443)
After=network.target

[Service]
User=billing
Group=billing
ExecStart=/usr/bin/python3 /opt/billing-api/server.py /etc/billing-api/tls/billing.crt /etc/billing-api/tls/billing.key 8443
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now billing-api.service
for i in $(seq 1 50); do
  curl -sfk --max-time 3 https://127.0.0.1:8443/health >/dev/null && exit 0
  sleep 0.2
done
echo "billing-api did not come up" >&2
exit 1
