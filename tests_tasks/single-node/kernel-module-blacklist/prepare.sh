#!/bin/bash
# Starting condition: DCCP is loaded now, and an old configuration loads it again at boot.
set -euo pipefail
echo "# legacy monitoring probe needs DCCP" > /etc/modules-load.d/legacy-probe.conf
echo "dccp_ipv4" >> /etc/modules-load.d/legacy-probe.conf
modprobe dccp_ipv4
grep -q '^dccp ' /proc/modules
