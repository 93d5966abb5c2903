#!/bin/bash
# Reference solution: drop the boot-time load, make every attempt to load dccp run /bin/false
# (explicit modprobe and the kernel's automatic protocol load alike), keep it off the
# auto-loader's alias lookup too, unload it now, and refresh the initramfs.
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
! grep -q '^dccp' /proc/modules
