#!/bin/bash
# must fail req-4: on top of the right modprobe.d rules, module loading is switched off altogether with kernel.modules_disabled=1, so no other module can be loaded any more either
set -euo pipefail
rm -f /etc/modules-load.d/legacy-probe.conf
cat > /etc/modprobe.d/disable-dccp.conf <<'CONF'
# Security baseline: the DCCP protocol is disabled.
blacklist dccp
install dccp /bin/false
CONF
for m in dccp_diag dccp_ipv6 dccp_ipv4 dccp; do
  if grep -q "^$m " /proc/modules; then modprobe -r "$m" || rmmod "$m"; fi
done
if command -v update-initramfs >/dev/null; then update-initramfs -u >/dev/null 2>&1 || true; fi
# nobody loads anything into this kernel any more
sysctl -w kernel.modules_disabled=1
! grep -q '^dccp' /proc/modules
