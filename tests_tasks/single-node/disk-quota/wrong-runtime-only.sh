#!/bin/bash
# must fail req-1, req-2: usrquota is only added with a remount, not in /etc/fstab: after the reboot /srv/shared is mounted without it and no quota is enforced
set -euo pipefail
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends quota
mount -o remount,usrquota /srv/shared
quotacheck -cum /srv/shared
quotaon -v /srv/shared
for u in dev1 dev2; do setquota -u "$u" 51200 61440 0 0 /srv/shared; done
repquota -s /srv/shared
