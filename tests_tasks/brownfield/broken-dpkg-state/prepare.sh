#!/bin/bash
# Starting condition: acme-agent 1.0 (a small HTTP status service) installed from a local flat
# APT repository, its conffile /etc/acme-agent/agent.conf changed by the site (port 9100, site
# lab-east). The repository also offers acme-agent 1.1, whose service runs as its own user acme
# (made by its postinst) and whose agent.conf gained a setting, and acme-tools. The upgrade to 1.1
# (dpkg -i of the repository's .deb) was cut off at dpkg's conffile question (the operator's
# session dropped; here dpkg is killed while it waits for the answer): 1.1 is unpacked but not
# configured, the journal of the interrupted dpkg run is still in /var/lib/dpkg/updates (dpkg's
# status file itself still says 1.0 installed), and apt refuses to run ("dpkg was interrupted").
# The agent still running is the old 1.0 process.
set -euo pipefail
. tasklib/flat-repo.sh
repo=/srv/acme-repo
build=$(mktemp -d)
install -d "$repo"

pkg() {  # name version: build $build/<name>-<version> (control written here) into the repository
  local d="$build/$1-$2"
  install -d "$d/DEBIAN"
  cat > "$d/DEBIAN/control" <<CTL
Package: $1
Version: $2
Architecture: all
Maintainer: Acme Ops <ops@acme.example>
Description: Acme $1
 In-house package $1, version $2.
CTL
  dpkg-deb --root-owner-group -Zgzip --build "$d" "$repo/${1}_${2}_all.deb" >/dev/null
}

agent_tree() {  # version user: the files of acme-agent <version>, its service run as <user>
  local v=$1 user=$2 d="$build/acme-agent-$1"
  install -d "$d/DEBIAN" "$d/opt/acme-agent" "$d/etc/acme-agent" "$d/lib/systemd/system"
  sed "s/@VERSION@/$v/" > "$d/opt/acme-agent/agent.py" <<'PY'
#!/usr/bin/python3
"""acme-agent: reports this host to the site's collector; answers GET with its status (JSON).
Settings: /etc/acme-agent/agent.conf (key = value)."""
import http.server
import json
import socket
import sys

VERSION = "@VERSION@"
settings = {"port": "8100", "site": "unset", "interval": "60"}
with open("/etc/acme-agent/agent.conf") as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            key, value = (part.strip() for part in line.split("=", 1))
            settings[key] = value


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = (json.dumps({"agent": "acme-agent", "version": VERSION, "site": settings["site"],
                            "host": socket.gethostname()}, sort_keys=True) + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("acme-agent: " + fmt % args + "\n")


http.server.ThreadingHTTPServer(("0.0.0.0", int(settings["port"])), Handler).serve_forever()
PY
  chmod 755 "$d/opt/acme-agent/agent.py"
  cat > "$d/etc/acme-agent/agent.conf" <<'CONF'
# acme-agent settings
# the port the agent answers on
port = 8100
# the site name reported to the collector
site = unset
CONF
  if [ "$v" != 1.0 ]; then
    printf '# seconds between two reports to the collector (new in 1.1)\ninterval = 60\n' >> "$d/etc/acme-agent/agent.conf"
  fi
  echo /etc/acme-agent/agent.conf > "$d/DEBIAN/conffiles"
  cat > "$d/lib/systemd/system/acme-agent.service" <<UNIT
[Unit]
Description=acme monitoring agent
After=network.target

[Service]
User=$user
ExecStart=/usr/bin/python3 /opt/acme-agent/agent.py
Restart=on-failure

[Install]
WantedBy=multi-user.target
UNIT
  {
    printf '#!/bin/sh\nset -e\nif [ "$1" = configure ]; then\n'
    if [ "$user" = acme ]; then
      printf '  getent passwd acme >/dev/null || useradd --system --home-dir /var/lib/acme-agent --no-create-home --shell /usr/sbin/nologin acme\n'
      printf '  install -d -o acme -g acme /var/lib/acme-agent\n'
    fi
    printf '  systemctl daemon-reload\n  systemctl enable acme-agent.service\n  systemctl restart acme-agent.service\nfi\n'
  } > "$d/DEBIAN/postinst"
  printf '#!/bin/sh\nset -e\nif [ "$1" = remove ]; then\n  systemctl disable --now acme-agent.service || true\nfi\n' > "$d/DEBIAN/prerm"
  chmod 755 "$d/DEBIAN/postinst" "$d/DEBIAN/prerm"
}

agent_tree 1.0 nobody
pkg acme-agent 1.0
agent_tree 1.1 acme
pkg acme-agent 1.1
install -d "$build/acme-tools-1.0/opt/acme/tools"
printf '#!/bin/sh\necho "acme-tools 1.0"\n' > "$build/acme-tools-1.0/opt/acme/tools/acme-info"
chmod 755 "$build/acme-tools-1.0/opt/acme/tools/acme-info"
pkg acme-tools 1.0
flat_repo "$repo" acme
rm -rf "$build"
apt-get update -qq -o Dir::Etc::sourcelist=sources.list.d/acme.list -o Dir::Etc::sourceparts=- \
  -o APT::Get::List-Cleanup=0
export DEBIAN_FRONTEND=noninteractive

# 1.0 installed, then configured for this site
apt-get install -y -qq acme-agent=1.0 >/dev/null
sed -i 's/^port = 8100$/port = 9100/; s/^site = unset$/site = lab-east/' /etc/acme-agent/agent.conf
systemctl restart acme-agent.service
for i in $(seq 1 50); do curl -sf http://127.0.0.1:9100/ && break; sleep 0.2; done

# the upgrade, cut off while dpkg asks about the changed agent.conf
fifo=$(mktemp -u)
mkfifo "$fifo"
exec 3<>"$fifo"              # a stdin that stays open and never answers
rm -f "$fifo"
log=$(mktemp)
dpkg -i "$repo/acme-agent_1.1_all.deb" <&3 >"$log" 2>&1 &
dpkg_pid=$!
for i in $(seq 1 240); do grep -q 'Y/I/N/O/D/Z' "$log" && break; sleep 0.5; done
if ! grep -q 'Y/I/N/O/D/Z' "$log"; then cat "$log" >&2; exit 1; fi
kill -9 "$dpkg_pid"
wait "$dpkg_pid" || true
exec 3>&-
cat "$log"
rm -f "$log"
dpkg-query -W -f '${Package} ${Version} ${Status}\n' acme-agent
# the condition the agent must repair is really there
ls /var/lib/dpkg/updates/ | grep -q '^[0-9]'
! apt-get install -y -qq acme-tools </dev/null
