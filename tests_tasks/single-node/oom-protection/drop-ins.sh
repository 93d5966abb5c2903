#!/bin/bash
# The reference solution's drop-ins, included by it and by the wrong solutions that keep them;
# their directories must exist.
# ledger_protected: ledger gets OOMScoreAdjust=-1000 (never an OOM victim).
ledger_protected() {
  cat > /etc/systemd/system/ledger.service.d/oom.conf <<'CONF'
[Service]
OOMScoreAdjust=-1000
CONF
}

# batch_limited: report-batch gets a hard cgroup memory limit (MemoryMax, no swap to spill into).
batch_limited() {
  cat > /etc/systemd/system/report-batch.service.d/memory.conf <<'CONF'
[Service]
MemoryMax=128M
MemorySwapMax=0
OOMPolicy=kill
CONF
}

# ledger_restarted: restarts ledger, waits up to 10 s for it to answer, and prints the running
# process's oom_score_adj.
ledger_restarted() {
  local i
  systemctl restart ledger.service
  for i in $(seq 1 50); do curl -sf http://127.0.0.1:8300/ >/dev/null && break; sleep 0.2; done
  cat "/proc/$(systemctl show -P MainPID ledger.service)/oom_score_adj"
}
