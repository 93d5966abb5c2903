#!/bin/bash
# Starting condition: the DCCP core module is loaded now (a probe left it), and an old
# configuration loads the IPv4 DCCP protocol at boot. Not dccp_ipv4 itself now: on Linux 6.1 its
# per-namespace control sockets hold references to it, so once loaded it can only go with a reboot.
set -euo pipefail
echo "# legacy monitoring probe needs DCCP" > /etc/modules-load.d/legacy-probe.conf
echo "dccp_ipv4" >> /etc/modules-load.d/legacy-probe.conf
modprobe dccp
grep -q '^dccp ' /proc/modules
