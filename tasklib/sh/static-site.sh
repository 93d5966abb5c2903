#!/bin/bash
# static_site UNIT PORT DIR DESCRIPTION PAGE [ADDRESS]: DIR/index.html holding the line(s) PAGE,
# served over plain HTTP on tcp/PORT (on ADDRESS only when given, else on all addresses) by
# UNIT.service (python3 -m http.server, Restart=always, Description=DESCRIPTION), enabled and started. Returns once http://127.0.0.1:PORT/ answers;
# fails when it does not within 20 s.
static_site() {
  local unit=$1 port=$2 dir=$3 description=$4 page=$5 bind=${6:+ --bind $6} i
  install -d "$dir"
  printf '%s\n' "$page" > "$dir/index.html"
  cat > "/etc/systemd/system/$unit.service" <<UNIT
[Unit]
Description=$description
After=network.target
[Service]
ExecStart=/usr/bin/python3 -m http.server $port$bind --directory $dir
Restart=always
[Install]
WantedBy=multi-user.target
UNIT
  systemctl daemon-reload
  systemctl enable --now "$unit.service"
  for i in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$port/" >/dev/null && return 0
    sleep 0.2
  done
  echo "$unit did not come up on tcp/$port" >&2
  return 1
}
