#!/bin/bash
# Starting condition. node2 plays the company's infrastructure: the time server ntp.corp.internal
# (10.100.0.12, a small SNTP server serving node2's clock), the retired time server still
# answering on 10.100.0.13 with a clock about six years fast, and the inventory service (HTTPS on
# 8443, a certificate from the company CA issued now for 397 days). Both time services log every
# request they get; the inventory service logs every upload and serves, on SIGUSR1, a
# certificate the company CA did not issue (the checks' impostor; SIGUSR2: its own again).
# node1 runs chrony against ntp.corp.internal, which a stale /etc/hosts entry still pins to the
# retired server, with `makestep 1 -1` (step whenever off): chrony steps node1's clock six years
# ahead at every poll, so a date set by hand does not last and the nightly report job (curl, the
# company CA) rejects the inventory service's certificate as expired.
set -euo pipefail
LEGACY=10.100.0.13
OFFSET=189216000                    # six years (2190 days) fast

CA_CRT='-----BEGIN CERTIFICATE-----
MIIBtDCCAVqgAwIBAgICIAEwCgYIKoZIzj0EAwIwQDEVMBMGA1UECgwMRXhhbXBs
ZSBDb3JwMScwJQYDVQQDDB5FeGFtcGxlIENvcnAgSW5mcmFzdHJ1Y3R1cmUgQ0Ew
IBcNMjAwMTAxMDAwMDAwWhgPMjEyMDAxMDEwMDAwMDBaMEAxFTATBgNVBAoMDEV4
YW1wbGUgQ29ycDEnMCUGA1UEAwweRXhhbXBsZSBDb3JwIEluZnJhc3RydWN0dXJl
IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAETwsd+niztIr1wzsICprLZBzU
qS1JU+gHRJ1Jt7iMSLOeGd3JTEaeUJyqqjfEUXiQOuUJTPd4LcImC5pfK9bL0qNC
MEAwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwHQYDVR0OBBYEFA3l
9hw3pWGzndJhRiv/pv8KbTC3MAoGCCqGSM49BAMCA0gAMEUCIGAdHiQrM+r2K81j
IwJGelSfR4ZaMAgBiuvl8T4BrpLkAiEA4SLZznZop4ARtgUB7FbQxp5C9FojcmfJ
eiLLGUZXNCA=
-----END CERTIFICATE-----'

case "$NODE" in
node2)
  addr=$OB_ADDR_NODE2_PRIV
  dev=$(ip -o -4 addr show | awk -v a="$addr" '{split($4, p, "/")} p[1] == a {print $2; exit}')
  [ -n "$dev" ] || { echo "no interface holds $addr" >&2; exit 1; }
  # the retired time server's address, kept across reboots
  if [ -f "/etc/systemd/network/20-ob-$dev.network" ]; then
    install -d "/etc/systemd/network/20-ob-$dev.network.d"
    printf '[Network]\nAddress=%s/24\n' "$LEGACY" > "/etc/systemd/network/20-ob-$dev.network.d/legacy-ntp.conf"
    networkctl reload >/dev/null 2>&1 || true
  fi
  ip addr replace "$LEGACY/24" dev "$dev"

  install -d /opt/timeserver /var/log/timeserver
  cat > /opt/timeserver/timeserver.py <<'PY'
#!/usr/bin/python3
"""timeserver: a small SNTP server (RFC 4330). It answers NTP client requests with this host's
clock plus OFFSET seconds (stratum 1, reference "GPS") and logs each request as
"<epoch> <client address> <client port>". Usage: timeserver.py ADDRESS OFFSET LOG"""
import socket
import struct
import sys
import time

NTP_EPOCH = 2208988800  # 1900-01-01 to 1970-01-01
IP_FREEBIND = 15        # bind even before the address is up


def ntp(t):
    t += NTP_EPOCH
    return struct.pack("!II", int(t), int((t % 1) * 2**32) & 0xFFFFFFFF)


addr, offset, logpath = sys.argv[1], float(sys.argv[2]), sys.argv[3]
sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
sock.setsockopt(socket.SOL_IP, IP_FREEBIND, 1)
sock.bind((addr, 123))
log = open(logpath, "a", buffering=1)
while True:
    data, peer = sock.recvfrom(1024)
    received = time.time() + offset
    if len(data) < 48 or data[0] & 7 != 3:  # client requests (mode 3) only
        continue
    version = (data[0] >> 3) & 7 or 4
    header = struct.pack("!BBbbII4s", (version << 3) | 4, 1, data[2], -20, 0, 0x10, b"GPS\0")
    sock.sendto(header + ntp(received - 8) + data[40:48] + ntp(received) + ntp(time.time() + offset), peer)
    log.write(f"{time.time():.3f} {peer[0]} {peer[1]}\n")
PY
  cat > /etc/systemd/system/timeserver.service <<UNIT
[Unit]
Description=timeserver - ntp.corp.internal, the company time server
After=network.target

[Service]
ExecStart=/usr/bin/python3 /opt/timeserver/timeserver.py $addr 0 /var/log/timeserver/requests.log
Restart=always

[Install]
WantedBy=multi-user.target
UNIT
  cat > /etc/systemd/system/timeserver-legacy.service <<UNIT
[Unit]
Description=timeserver-legacy - the retired time server's address (clock not maintained, INFRA-2231)
After=network.target

[Service]
ExecStartPre=-/bin/sh -c 'ip addr replace $LEGACY/24 dev $dev'
ExecStart=/usr/bin/python3 /opt/timeserver/timeserver.py $LEGACY $OFFSET /var/log/timeserver/legacy-requests.log
Restart=always

[Install]
WantedBy=multi-user.target
UNIT

  # the inventory service and its certificates
  install -d /opt/inventory /var/lib/inventory /etc/inventory/tls
  cat > /opt/inventory/server.py <<'PY'
#!/usr/bin/python3
"""inventory: collects the hosts' inventory reports over HTTPS (POST /upload) and appends each
to LOG as "<epoch> <client address> <bytes> <first line>"; GET answers with a health line.
Usage: server.py CERT KEY PORT LOG [STAGING_CERT STAGING_KEY]
SIGUSR1 serves the staging certificate instead, SIGUSR2 the production one again."""
import http.server
import signal
import ssl
import sys
import time

cert, key, port, logpath = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
staging = sys.argv[5:7]


def load(c, k):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(c, k)
    return ctx


contexts = {"production": load(cert, key)}
if len(staging) == 2:
    contexts["staging"] = load(*staging)
current = "production"


def use(name):
    def handler(signum, frame):
        global current
        if name in contexts:
            current = name
            sys.stderr.write(f"inventory: serving the {name} certificate\n")
    return handler


signal.signal(signal.SIGUSR1, use("staging"))
signal.signal(signal.SIGUSR2, use("production"))


class Handler(http.server.BaseHTTPRequestHandler):
    def reply(self, code, text):
        body = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.reply(200, "inventory: ok\n")

    def do_POST(self):
        if self.path != "/upload":
            return self.reply(404, "not found\n")
        size = min(int(self.headers.get("Content-Length") or 0), 1 << 20)
        data = self.rfile.read(size).decode("utf-8", "replace")
        first = (data.splitlines() or [""])[0][:200]
        with open(logpath, "a") as f:
            f.write(f"{time.time():.3f} {self.client_address[0]} {size} {first}\n")
        self.reply(200, "stored\n")

    def log_message(self, fmt, *args):
        sys.stderr.write("inventory: " + fmt % args + "\n")


class Server(http.server.ThreadingHTTPServer):
    def finish_request(self, request, client_address):
        request.settimeout(15)
        try:
            tls = contexts[current].wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError) as exc:
            sys.stderr.write(f"inventory: TLS handshake with {client_address[0]} failed: {exc}\n")
            return
        try:
            self.RequestHandlerClass(tls, client_address, self)
        finally:
            tls.close()


Server(("0.0.0.0", port), Handler).serve_forever()
PY
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  printf '%s\n' "$CA_CRT" > "$tmp/ca.crt"
  cat > "$tmp/ca.key" <<'KEY'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIGiW3zpXzrpsKUgaZzKucQKYVVk7JJ4XBxc57OpWv2MaoAoGCCqGSM49
AwEHoUQDQgAETwsd+niztIr1wzsICprLZBzUqS1JU+gHRJ1Jt7iMSLOeGd3JTEae
UJyqqjfEUXiQOuUJTPd4LcImC5pfK9bL0g==
-----END EC PRIVATE KEY-----
KEY
  tls=/etc/inventory/tls
  if ! openssl verify -CAfile "$tmp/ca.crt" "$tls/inventory.crt" >/dev/null 2>&1; then
    openssl ecparam -name prime256v1 -genkey -noout -out "$tls/inventory.key"
    openssl req -new -key "$tls/inventory.key" -subj "/O=Example Corp/CN=inventory.corp.internal" -out "$tmp/inv.csr"
    printf 'basicConstraints = CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = serverAuth\nsubjectAltName = DNS:inventory.corp.internal\n' > "$tmp/ext"
    openssl x509 -req -sha256 -days 397 -in "$tmp/inv.csr" -CA "$tmp/ca.crt" -CAkey "$tmp/ca.key" \
      -set_serial "0x$(openssl rand -hex 8)" -extfile "$tmp/ext" -out "$tls/inventory.crt" 2>/dev/null
  fi
  if [ ! -s "$tls/staging.crt" ]; then   # self-signed, same name: a server the company CA never vouched for
    openssl ecparam -name prime256v1 -genkey -noout -out "$tls/staging.key"
    openssl req -x509 -new -key "$tls/staging.key" -sha256 -days 397 -subj "/O=Example Corp/CN=inventory.corp.internal" \
      -addext "subjectAltName=DNS:inventory.corp.internal" -out "$tls/staging.crt"
  fi
  chmod 600 "$tls"/*.key
  cat > /etc/systemd/system/inventory.service <<UNIT
[Unit]
Description=inventory - the hosts' inventory reports (HTTPS on 8443)
After=network.target

[Service]
ExecStart=/usr/bin/python3 /opt/inventory/server.py $tls/inventory.crt $tls/inventory.key 8443 /var/lib/inventory/uploads.log $tls/staging.crt $tls/staging.key
Restart=always

[Install]
WantedBy=multi-user.target
UNIT
  systemctl daemon-reload
  systemctl enable --now timeserver.service timeserver-legacy.service inventory.service
  grep -q ' inventory.corp.internal$' /etc/hosts || echo "$addr inventory.corp.internal" >> /etc/hosts
  for i in $(seq 1 50); do
    curl -sf --max-time 3 --cacert "$tmp/ca.crt" https://inventory.corp.internal:8443/ >/dev/null && exit 0
    sleep 0.2
  done
  echo "the inventory service did not come up" >&2
  exit 1
  ;;

node1)
  export DEBIAN_FRONTEND=noninteractive
  if ! dpkg -s chrony >/dev/null 2>&1; then
    apt-get install -y -q --no-install-recommends chrony </dev/null >/var/log/ob-prepare-install.log 2>&1 || {
      apt-get update -q </dev/null >/dev/null
      apt-get install -y -q --no-install-recommends chrony </dev/null >/var/log/ob-prepare-install.log 2>&1
    }
  fi
  # the company names; ntp.corp.internal still points at the retired server
  sed -i -E '/\s(ntp|inventory)\.corp\.internal$/d' /etc/hosts
  printf '# corp services (INFRA-1807)\n%s inventory.corp.internal\n%s ntp.corp.internal\n' \
    "$OB_ADDR_NODE2_PRIV" "$LEGACY" >> /etc/hosts
  conf=/etc/chrony/chrony.conf
  sed -i -E 's/^(pool|server) /#&/' "$conf"
  if grep -q '^makestep' "$conf"; then
    sed -i 's/^makestep.*/makestep 1 -1/' "$conf"
  else
    echo 'makestep 1 -1' >> "$conf"
  fi
  install -d /etc/chrony/conf.d
  cat > /etc/chrony/conf.d/corp.conf <<'CONF'
# company time server (INFRA-1807); poll often, the VMs drift
server ntp.corp.internal iburst minpoll 3 maxpoll 4
CONF
  systemctl enable chrony.service >/dev/null 2>&1 || true
  systemctl restart chrony.service

  # the nightly report job
  nologin=$(command -v nologin || echo /usr/sbin/nologin)
  id inventory >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell "$nologin" inventory
  install -d /etc/inventory
  printf '%s\n' "$CA_CRT" > /etc/inventory/corp-ca.crt
  cat > /etc/inventory/report.conf <<'CONF'
# inventory-report settings
URL=https://inventory.corp.internal:8443/upload
CA=/etc/inventory/corp-ca.crt
CONF
  cat > /usr/local/bin/inventory-report <<'SH'
#!/bin/sh
# inventory-report: sends this host's inventory to the inventory service (INFRA-1807).
# Settings: /etc/inventory/report.conf (URL, CA: the company CA the server must be issued by).
set -eu
. /etc/inventory/report.conf
{
  echo "host: $(hostname)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "kernel: $(uname -r)"
  echo "packages: $(dpkg-query -W -f '.\n' | wc -l)"
} | curl -fsS --max-time 30 --cacert "$CA" -H 'Content-Type: text/plain' --data-binary @- "$URL"
SH
  chmod 755 /usr/local/bin/inventory-report
  cat > /etc/systemd/system/inventory-report.service <<'UNIT'
[Unit]
Description=Send this host's inventory to inventory.corp.internal
After=network-online.target

[Service]
Type=oneshot
User=inventory
ExecStart=/usr/local/bin/inventory-report
UNIT
  cat > /etc/systemd/system/inventory-report.timer <<'UNIT'
[Unit]
Description=Nightly inventory report

[Timer]
OnCalendar=*-*-* 02:30:00
RandomizedDelaySec=20min

[Install]
WantedBy=timers.target
UNIT
  systemctl daemon-reload
  systemctl enable --now inventory-report.timer
  ;;
esac
