#!/bin/bash
# A one-shot hand-off of public files (a public key, a CSR, a certificate) from one node to
# another over plain HTTP on the private network, for the steps of a multi-node solution:
#   node A: handoff_put /root/.ssh/KEY.pub; handoff_serve ADDR_A KEY.pub
#   node B: pub=$(handoff_fetch ADDR_A KEY.pub)
#   node A: handoff_stop
# Nothing secret belongs in $HANDOFF_DIR: any machine on that network can read it while it is
# served. Where firewalld runs (the rhel family's images), the port is let in from the private
# network while it is served, in firewalld's runtime configuration only: the hand-off is how a
# reference copies a public file, not part of the task. The server goes by itself after 15 minutes if no handoff_stop comes.
# The text here never spells the server's command line (module, then port) in one piece: a
# script runs inline, and `pkill -f` in handoff_stop would match the script's own shell too.
HANDOFF_DIR=/run/ob-xfer
HANDOFF_PORT=8799
HANDOFF_FW_RULE="rule family=\"ipv4\" source address=\"10.100.0.0/24\" port port=\"$HANDOFF_PORT\" protocol=\"tcp\" accept"

# handoff_put FILE [NAME]: a copy of FILE in $HANDOFF_DIR (made if missing), named NAME (default:
# FILE's own name).
handoff_put() {
  install -d "$HANDOFF_DIR"
  cp "$1" "$HANDOFF_DIR/${2:-}"
}

# handoff_serve ADDR NAME: serves the files of $HANDOFF_DIR on http://ADDR:$HANDOFF_PORT/ in the
# background (python3's http.server, detached) and returns once NAME is fetched from it; fails
# if it is not within 10 seconds.
handoff_serve() {
  local addr=$1 name=$2 i
  if systemctl is-active -q firewalld.service; then
    firewall-cmd -q --query-rich-rule="$HANDOFF_FW_RULE" || firewall-cmd -q --add-rich-rule="$HANDOFF_FW_RULE"
  fi
  setsid timeout 900 python3 -m http.server "$HANDOFF_PORT" --bind "$addr" --directory "$HANDOFF_DIR" \
    >/dev/null 2>&1 < /dev/null &
  for i in $(seq 1 50); do curl -sf "http://$addr:$HANDOFF_PORT/$name" >/dev/null && return 0; sleep 0.2; done
  echo "the hand-off server on $addr:$HANDOFF_PORT does not serve $name" >&2
  return 1
}

# handoff_fetch ADDR NAME [FILE]: the file NAME that the node at ADDR serves, on stdout, or into
# FILE (curl -o); fails if it is not served.
handoff_fetch() {
  curl -sf "http://$1:$HANDOFF_PORT/$2" ${3:+-o "$3"}
}

# handoff_stop: ends this node's hand-off server (if any), removes $HANDOFF_DIR and closes the
# port again in firewalld.
handoff_stop() {
  pkill -f "http[.]server $HANDOFF_PORT" || true
  rm -rf "$HANDOFF_DIR"
  if systemctl is-active -q firewalld.service; then
    firewall-cmd -q --remove-rich-rule="$HANDOFF_FW_RULE" 2>/dev/null || true
  fi
}
