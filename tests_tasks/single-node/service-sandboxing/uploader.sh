#!/bin/bash
# Included by the reference solution and its wrong solutions.
# uploader_restarted: restarts uploader and waits up to 10 s for its /health; fails if it does
# not answer.
uploader_restarted() {
  local i
  systemctl restart uploader.service
  for i in $(seq 1 50); do curl -sf http://127.0.0.1:8500/health >/dev/null && return 0; sleep 0.2; done
  return 1
}
