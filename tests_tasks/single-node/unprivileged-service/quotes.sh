#!/bin/bash
# Included by the reference solution and its wrong solutions.
# quotes_account: the system account quotes (its own group, no login shell, home /var/lib/quotes),
# unless it exists.
quotes_account() {
  local nologin
  nologin=$(command -v nologin || echo /usr/sbin/nologin)
  id quotes >/dev/null 2>&1 || useradd --system --user-group --no-create-home --home-dir /var/lib/quotes \
    --shell "$nologin" quotes
}

# quotes_up: waits up to 10 s until quotes answers on port 80 (printing its answer); fails,
# saying so, if it does not.
quotes_up() {
  local i
  for i in $(seq 50); do curl -sf http://127.0.0.1/ && return 0; sleep 0.2; done
  echo "quotes did not come up" >&2
  return 1
}
