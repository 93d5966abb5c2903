#!/bin/bash
# Reference solution (Debian, GRUB): add the parameter to GRUB's configuration (grub_param, in
# ./grub-param.sh, says how on this image). Then THP is switched off at runtime.
set -euo pipefail
. ./grub-param.sh
grub_param
echo never > /sys/kernel/mm/transparent_hugepage/enabled
cat /sys/kernel/mm/transparent_hugepage/enabled
