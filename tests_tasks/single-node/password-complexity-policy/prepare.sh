#!/bin/bash
# Starting condition: Debian's default PAM password stack (pam_unix obscure, no pwquality),
# default login.defs ageing (99999 days), and the user carol with a known password.
set -euo pipefail
id carol >/dev/null 2>&1 || useradd -m -s /bin/bash carol
echo 'carol:Start#Pass2024' | chpasswd
chage -m 0 -M 99999 carol
