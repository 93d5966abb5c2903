#!/bin/bash
# must fail req-1: the configuration that keeps dccp from loading is right, but the module loaded now is left in place ("takes effect at the next boot"), so DCCP is still loaded on node1
set -euo pipefail
. ./dccp.sh
rm -f /etc/modules-load.d/legacy-probe.conf
dccp_rules
refresh_initramfs
