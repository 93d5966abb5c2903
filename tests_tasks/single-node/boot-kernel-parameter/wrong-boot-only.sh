#!/bin/bash
# must fail req-1: the boot parameter is added, but THP is not switched off on the running system: it stays on until someone reboots
set -euo pipefail
. ./grub-param.sh
grub_param
echo "THP will be off after the next reboot"
