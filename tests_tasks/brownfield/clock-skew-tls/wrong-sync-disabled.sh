#!/bin/bash
# must fail req-2: chrony, which kept pulling the clock away, is stopped and disabled; the clock is set once from the right server and written to the hardware clock. It stays right for now, but nothing keeps node1 synchronised any more (after the reboot it asks no time server at all)
# steps: node1
set -euo pipefail
systemctl disable --now chrony.service
chronyd -q 'server 10.100.0.12 iburst'
hwclock --systohc 2>/dev/null || true
date -u
systemctl start inventory-report.service
