#!/bin/bash
# must fail req-2: the rule's missing group %sysop is created and ops added to it (file renamed so sudo reads it); the real team group sysops still grants nothing to its other members
set -euo pipefail
getent group sysop >/dev/null || groupadd sysop
usermod -aG sysop ops
mv /etc/sudoers.d/sysops.conf /etc/sudoers.d/50-sysops
visudo -c
runuser -u ops -- sudo -n true
