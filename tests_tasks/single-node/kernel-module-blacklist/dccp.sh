#!/bin/bash
# The steps this task's reference shares with its wrong solutions.

# dccp_rules: /etc/modprobe.d/disable-dccp.conf: dccp off alias lookups, and every load of it
# (explicit or the kernel's automatic one) runs /bin/false instead
dccp_rules() {
  cat > /etc/modprobe.d/disable-dccp.conf <<'CONF'
# Security baseline: the DCCP protocol is disabled.
blacklist dccp
install dccp /bin/false
CONF
}

# unload_dccp: the DCCP modules loaded now unloaded, dependants first
unload_dccp() {
  for m in dccp_diag dccp_ipv6 dccp_ipv4 dccp; do
    if grep -q "^$m " /proc/modules; then modprobe -r "$m" || rmmod "$m"; fi
  done
}

# refresh_initramfs: the initramfs rebuilt with the new modprobe.d (where there is one to update)
refresh_initramfs() {
  if command -v update-initramfs >/dev/null; then update-initramfs -u >/dev/null 2>&1 || true; fi
}
