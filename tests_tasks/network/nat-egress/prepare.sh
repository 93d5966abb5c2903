#!/bin/bash
# Starting condition: the gateway-client topology as the lab builds it (gateway unconfigured,
# ip_forward = 0; upstream has no route back to the LAN). Nothing to add.
set -euo pipefail
exit 0
