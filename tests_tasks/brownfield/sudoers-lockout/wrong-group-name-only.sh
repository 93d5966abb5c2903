#!/bin/bash
# must fail req-1, req-2: the group typo (%sysop) is corrected in place, but the file keeps its name sysops.conf, which sudo's includedir silently skips (names with a dot)
set -euo pipefail
sed -i 's/^%sysop /%sysops /' /etc/sudoers.d/sysops.conf
visudo -c
cat /etc/sudoers.d/sysops.conf
