#!/bin/bash
# must fail req-2, req-3: only `blacklist dccp`: it keeps dccp off alias lookups of that name, but an explicit modprobe still loads it, and a DCCP socket's alias resolves to dccp_ipv4, which pulls dccp in as a dependency
set -euo pipefail
. ./dccp.sh
rm -f /etc/modules-load.d/legacy-probe.conf
cat > /etc/modprobe.d/blacklist-dccp.conf <<'CONF'
# Security baseline: the DCCP protocol is disabled.
blacklist dccp
CONF
unload_dccp
refresh_initramfs
! grep -q '^dccp' /proc/modules
