#!/bin/bash
# must fail req-2, req-3: only `blacklist dccp`: it keeps dccp off alias lookups of that name, but an explicit modprobe still loads it, and a DCCP socket's alias resolves to dccp_ipv4, which pulls dccp in as a dependency
set -euo pipefail
rm -f /etc/modules-load.d/legacy-probe.conf
cat > /etc/modprobe.d/blacklist-dccp.conf <<'CONF'
# Security baseline: the DCCP protocol is disabled.
blacklist dccp
CONF
for m in dccp_diag dccp_ipv6 dccp_ipv4 dccp; do
  if grep -q "^$m " /proc/modules; then modprobe -r "$m" || rmmod "$m"; fi
done
if command -v update-initramfs >/dev/null; then update-initramfs -u >/dev/null 2>&1 || true; fi
! grep -q '^dccp' /proc/modules
