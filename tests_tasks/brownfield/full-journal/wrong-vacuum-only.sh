#!/bin/bash
# must fail req-3: the space is freed with journalctl --vacuum-size, but no limit is set: journald still may use all of /var/log and fills it again
set -euo pipefail
journalctl --rotate
journalctl --vacuum-size=48M
journalctl --disk-usage
df -h /var/log
