#!/bin/bash
# must fail req-4: the reference, then the hardware clock switched to local time "to match Berlin"
# steps: oracle node1
set -euo pipefail
timedatectl set-local-rtc 1
timedatectl show -p LocalRTC
