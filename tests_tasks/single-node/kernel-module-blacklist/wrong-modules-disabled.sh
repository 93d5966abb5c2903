#!/bin/bash
# must fail req-4: on top of the right modprobe.d rules, module loading is switched off altogether with kernel.modules_disabled=1, so no other module can be loaded any more either
set -euo pipefail
. ./dccp.sh
rm -f /etc/modules-load.d/legacy-probe.conf
dccp_rules
unload_dccp
refresh_initramfs
# nobody loads anything into this kernel any more
sysctl -w kernel.modules_disabled=1
! grep -q '^dccp' /proc/modules
