#!/bin/bash
# must fail req-1: the boot parameter is added, but THP is not switched off on the running system: it stays on until someone reboots
set -euo pipefail
grubby --update-kernel=ALL --args=transparent_hugepage=never
grubby --info=DEFAULT | grep '^args'
echo "THP will be off after the next reboot"
