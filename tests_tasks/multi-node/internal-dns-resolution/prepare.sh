#!/bin/bash
# Starting condition: nothing beyond the plain image.
set -euo pipefail
exit 0
