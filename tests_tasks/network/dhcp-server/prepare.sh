#!/bin/bash
# Starting condition: the lab's topology as built: router unconfigured (dnsmasq installed but
# disabled), client a DHCP client on eth1 without a server. Nothing to add.
set -euo pipefail
exit 0
