#!/bin/bash
# Starting condition: the image as built; THP enabled ("always"), no extra boot parameter.
set -euo pipefail
grep -q '\[always\]' /sys/kernel/mm/transparent_hugepage/enabled
! grep -qw 'transparent_hugepage=never' /proc/cmdline
