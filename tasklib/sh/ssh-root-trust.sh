#!/bin/bash
# root's SSH trust between the nodes of a task: another node's host key in root's known_hosts,
# and a key in root's authorized_keys, each in place of the one kept before.

# trust_host_key ADDR: ADDR's ed25519 host key, as ssh-keyscan gets it now, in
# /root/.ssh/known_hosts (any key kept for ADDR before is removed).
trust_host_key() {
  touch /root/.ssh/known_hosts
  ssh-keygen -R "$1" >/dev/null 2>&1 || true
  ssh-keyscan -t ed25519 "$1" >> /root/.ssh/known_hosts 2>/dev/null
}

# authorize_root_key COMMENT LINE: LINE (options and a public key ending in COMMENT) in
# /root/.ssh/authorized_keys, in place of the lines ending in COMMENT.
authorize_root_key() {
  install -d -m 0700 /root/.ssh
  touch /root/.ssh/authorized_keys; chmod 0600 /root/.ssh/authorized_keys
  sed -i "/$1\$/d" /root/.ssh/authorized_keys
  echo "$2" >> /root/.ssh/authorized_keys
}
