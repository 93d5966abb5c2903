#!/bin/bash
# Starting condition: Debian's default PAM password stack (pam_unix obscure, no pwquality),
# default login.defs ageing (99999 days), and the user carol with a known password. Every
# account's ageing fields (min, max, warn, inactive, expire) are recorded for the checks: the
# existing accounts must keep them.
set -euo pipefail
id carol >/dev/null 2>&1 || useradd -m -s /bin/bash carol
echo 'carol:Start#Pass2024' | chpasswd
chage -m 0 -M 99999 carol
install -d -m 0700 /var/lib/opsbench
getent shadow | cut -d: -f1,4-8 > /var/lib/opsbench/ageing.before
chmod 0600 /var/lib/opsbench/ageing.before
