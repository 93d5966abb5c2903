#!/bin/bash
# Reference solution (RHEL family), NOT validated: grubby adds the argument to every boot
# entry (and to the defaults for new kernels); THP is switched off at runtime.
set -euo pipefail
grubby --update-kernel=ALL --args=transparent_hugepage=never
grubby --info=DEFAULT | grep '^args'
echo never > /sys/kernel/mm/transparent_hugepage/enabled
