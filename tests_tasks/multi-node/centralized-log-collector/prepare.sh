#!/bin/bash
# Starting condition: nothing to prepare beyond the plain image (journald only, no syslog daemon).
set -euo pipefail
exit 0
