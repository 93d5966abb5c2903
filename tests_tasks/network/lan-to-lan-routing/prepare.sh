#!/bin/bash
# Starting condition: the dual-lan topology as the lab builds it (router unconfigured,
# ip_forward = 0). Nothing to add.
set -euo pipefail
exit 0
