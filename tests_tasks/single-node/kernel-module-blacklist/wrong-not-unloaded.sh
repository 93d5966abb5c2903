#!/bin/bash
# must fail req-1: the configuration that keeps dccp from loading is right, but the module loaded now is left in place ("takes effect at the next boot"), so DCCP is still loaded on node1
set -euo pipefail
rm -f /etc/modules-load.d/legacy-probe.conf
cat > /etc/modprobe.d/disable-dccp.conf <<'CONF'
# Security baseline: the DCCP protocol is disabled.
blacklist dccp
install dccp /bin/false
CONF
if command -v update-initramfs >/dev/null; then update-initramfs -u >/dev/null 2>&1 || true; fi
