#!/bin/bash
# Starting condition: wiki (python3 ssl HTTPS server on 9443, user wiki) serves a certificate
# for wiki.corp.internal issued by the task's fixed Acme Corp Root CA; the CA certificate lies
# in /srv/pki, and nothing trusts it.
set -euo pipefail
. tasklib/https-app.sh
nologin=$(command -v nologin || echo /usr/sbin/nologin)
id wiki >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell "$nologin" wiki
install -d -m 755 /srv/pki /etc/wiki
cat > /srv/pki/acme-root-ca.pem <<'PEM'
-----BEGIN CERTIFICATE-----
MIIBlTCCATqgAwIBAgICEAAwCgYIKoZIzj0EAwIwMDESMBAGA1UECgwJQWNtZSBD
b3JwMRowGAYDVQQDDBFBY21lIENvcnAgUm9vdCBDQTAgFw0yMDAxMDEwMDAwMDBa
GA8yMTIwMDEwMTAwMDAwMFowMDESMBAGA1UECgwJQWNtZSBDb3JwMRowGAYDVQQD
DBFBY21lIENvcnAgUm9vdCBDQTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABD9X
oo1XrtwO2VR9xYRVc9HmGlisHWoh2Nkzx9efWCO0Y0YCP98N+Ma5+OsZA267rVIE
gIT5lVozt+triSm9UMqjQjBAMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQD
AgEGMB0GA1UdDgQWBBSNILy0SIKk3Ev5vJWC24Fdl8prkzAKBggqhkjOPQQDAgNJ
ADBGAiEAoiIQcX1yTczJKoNAvOnjj58iPBstt2KsSiL2I9AppHICIQD4mf8TqIjE
I8lxPRqIH3e63pRGxk271bN6uPhZLzfuDw==
-----END CERTIFICATE-----
PEM
chmod 644 /srv/pki/acme-root-ca.pem
cat > /etc/wiki/wiki.crt <<'PEM'
-----BEGIN CERTIFICATE-----
MIIB5jCCAYygAwIBAgICIAAwCgYIKoZIzj0EAwIwMDESMBAGA1UECgwJQWNtZSBD
b3JwMRowGAYDVQQDDBFBY21lIENvcnAgUm9vdCBDQTAgFw0yMDAxMDEwMDAwMDBa
GA8yMTIwMDEwMTAwMDAwMFowMTESMBAGA1UECgwJQWNtZSBDb3JwMRswGQYDVQQD
DBJ3aWtpLmNvcnAuaW50ZXJuYWwwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAATP
QP6njRSSWGLqn/ZOo53e7NgwjC6a+5Rs4J8XuWDyUgd7JXuI2MqBjvT4ZrFUquI+
IYHbvwStxYtt8mJ0wurUo4GSMIGPMAkGA1UdEwQCMAAwDgYDVR0PAQH/BAQDAgeA
MBMGA1UdJQQMMAoGCCsGAQUFBwMBMB0GA1UdEQQWMBSCEndpa2kuY29ycC5pbnRl
cm5hbDAdBgNVHQ4EFgQU00lKSLFyYNM+eHfwXFxXiFVYgJwwHwYDVR0jBBgwFoAU
jSC8tEiCpNxL+byVgtuBXZfKa5MwCgYIKoZIzj0EAwIDSAAwRQIhAO1wG3GnEj3k
M3SxZ1xOS0fzV5kLIrNWdLvQ2lfGVxMaAiASE99ifUJ3orfNhKS2BvOJsbNMSa3m
12A4V81jtfdYcg==
-----END CERTIFICATE-----
PEM
cat > /etc/wiki/wiki.key <<'PEM'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIFcqc9/hq/sGnTJ8bP70+8j9MPdVeb7B4XWtmWKdgb0YoAoGCCqGSM49
AwEHoUQDQgAEz0D+p40Uklhi6p/2TqOd3uzYMIwumvuUbOCfF7lg8lIHeyV7iNjK
gY70+GaxVKriPiGB278ErcWLbfJidMLq1A==
-----END EC PRIVATE KEY-----
PEM
chown root:wiki /etc/wiki/wiki.key
chmod 640 /etc/wiki/wiki.key
grep -q ' wiki.corp.internal$' /etc/hosts || echo '127.0.0.1 wiki.corp.internal' >> /etc/hosts

https_app wiki <<'ROUTES'
{"*": ["text/html", "<h1>Acme internal wiki</h1>\n"]}
ROUTES
cat > /etc/systemd/system/wiki.service <<'UNIT'
[Unit]
Description=Acme internal wiki (HTTPS on 9443)
After=network.target

[Service]
User=wiki
Group=wiki
ExecStart=/usr/bin/python3 /opt/wiki/server.py /etc/wiki/wiki.crt /etc/wiki/wiki.key 9443
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
systemctl daemon-reload
systemctl enable --now wiki.service
for i in $(seq 1 50); do
  curl -sf --max-time 3 --cacert /srv/pki/acme-root-ca.pem https://wiki.corp.internal:9443/ >/dev/null && exit 0
  sleep 0.2
done
echo "wiki did not come up" >&2
exit 1
