#!/bin/bash
# Reference solution: drop the boot-time load, make every attempt to load dccp run /bin/false
# (explicit modprobe and the kernel's automatic protocol load alike), keep it off the
# auto-loader's alias lookup too, unload it now, and refresh the initramfs.
set -euo pipefail
. ./dccp.sh
rm -f /etc/modules-load.d/legacy-probe.conf
dccp_rules
unload_dccp
refresh_initramfs
! grep -q '^dccp' /proc/modules
