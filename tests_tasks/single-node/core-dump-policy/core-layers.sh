#!/bin/bash
# Included by the reference solution and the wrong solutions: the layers core dumps pass through.

# collector_purged: systemd-coredump removed (its prerm resets kernel.core_pattern to "core").
collector_purged() {
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -q systemd-coredump </dev/null
}

# debug_cores_undone: the debugging session's leftovers gone (limits for every session, the
# services' default limit, suid_dumpable=2 at boot) and the dumps stored so far deleted.
debug_cores_undone() {
  rm -f /etc/security/limits.d/90-debug-cores.conf /etc/systemd/system.conf.d/90-debug-cores.conf \
    /etc/sysctl.d/60-debug-cores.conf
  rm -f /var/lib/systemd/coredump/core.*
}

# sysctl_file FILE SETTING...: the sysctl settings (key = value) in FILE, applied now.
sysctl_file() {
  local file=$1; shift
  { echo "# no core dumps on node1 (they leaked secrets)"; printf '%s\n' "$@"; } > "$file"
  sysctl -q -p "$file"
}

# zero_core_limits TYPE...: every session, root's included (pam_limits' `*` leaves root out),
# gets a core size limit of 0 of each TYPE (soft, hard).
zero_core_limits() {
  local t
  {
    echo "# no core dumps on node1 (they leaked secrets)"
    for t in "$@"; do printf '*     %s  core  0\nroot  %s  core  0\n' "$t" "$t"; done
  } > /etc/security/limits.d/99-no-core-dumps.conf
}

# zero_service_core_limit: every service and user manager starts with a core limit of 0, soft
# and hard (DefaultLimitCORE), from the manager's re-execution on.
zero_service_core_limit() {
  local d
  for d in system user; do
    mkdir -p "/etc/systemd/$d.conf.d"
    printf '# no core dumps on node1\n[Manager]\nDefaultLimitCORE=0\n' > "/etc/systemd/$d.conf.d/99-no-core-dumps.conf"
  done
  systemctl daemon-reexec
}
