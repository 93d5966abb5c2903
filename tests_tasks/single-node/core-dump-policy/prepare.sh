#!/bin/bash
# Starting condition: systemd-coredump installed (it stores every crash's dump in
# /var/lib/systemd/coredump), the leftovers of a debugging session that switched dumps on at
# every layer (limits for every session, services' default limit, setuid programs), and one
# stored dump of a program kim crashed. The account kim is an ordinary user.
set -euo pipefail
. tasklib/install-pkgs.sh
id kim >/dev/null 2>&1 || useradd -m -s /bin/bash kim
install_pkgs systemd-coredump
cat > /etc/security/limits.d/90-debug-cores.conf <<'CONF'
# core dumps for the crash investigation (INC-2291)
*     soft  core  unlimited
*     hard  core  unlimited
root  soft  core  unlimited
root  hard  core  unlimited
CONF
mkdir -p /etc/systemd/system.conf.d
cat > /etc/systemd/system.conf.d/90-debug-cores.conf <<'CONF'
# core dumps for the crash investigation (INC-2291)
[Manager]
DefaultLimitCORE=infinity
CONF
cat > /etc/sysctl.d/60-debug-cores.conf <<'CONF'
# core dumps for the crash investigation (INC-2291), setuid programs included
fs.suid_dumpable = 2
CONF
sysctl -q -p /etc/sysctl.d/60-debug-cores.conf
systemctl daemon-reexec
if ! ls /var/lib/systemd/coredump/core.* >/dev/null 2>&1; then
  su - kim -c 'sleep 60 & kill -SEGV $!; wait $!; true'
  for i in $(seq 60); do ls /var/lib/systemd/coredump/core.* >/dev/null 2>&1 && exit 0; sleep 0.5; done
  echo "systemd-coredump stored no dump of the crash" >&2
  exit 1
fi
