#!/bin/bash
# Starting condition: both routers forward (persistently); neither has a route to the other
# site, so the sites cannot reach each other.
set -euo pipefail
. tasklib/ip-forward.sh
case "$NODE" in router-a|router-b) ip_forward_persistent ;; esac
