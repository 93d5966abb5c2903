#!/bin/bash
# must fail req-2: THP is switched off through sysfs only; no boot parameter is added, so the next boot starts with THP on again
set -euo pipefail
echo never > /sys/kernel/mm/transparent_hugepage/enabled
echo never > /sys/kernel/mm/transparent_hugepage/defrag
cat /sys/kernel/mm/transparent_hugepage/enabled
