# opsbench snapshot probe: one POSIX sh round trip per node, run as root.
# Prints @@<section> headers, each followed by its raw data; parsed by verifier/probes.py.
# Per-family behaviour is chosen at runtime by which tools exist (dpkg/rpm/apk,
# systemd/OpenRC, nft/iptables/firewalld), so one script serves Debian, RHEL, Ubuntu, Alpine.
# It writes nothing to disk: a snapshot must not change what it observes.
export LC_ALL=C PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
s() { printf '\n@@%s\n' "$1"; }
have() { command -v "$1" >/dev/null 2>&1; }
SCAN="/tmp /var/tmp /root /home"
# GNU find prints metadata itself; busybox (Alpine) falls back to a fork per file. Under TCG a
# fork costs tens of milliseconds: /etc alone holds hundreds of links.
GNUFIND=; find / -maxdepth 0 -printf '' >/dev/null 2>&1 && GNUFIND=1
s boot_id; cat /proc/sys/kernel/random/boot_id
s kernel; uname -r
s hostname; hostname
s os_release; cat /etc/os-release 2>/dev/null
s files
for d in $SCAN; do
  [ -d "$d" ] || continue
  if [ -n "$GNUFIND" ]; then find "$d" -xdev -type f -printf '%s|%T@|%m|%u|%p\n' 2>/dev/null; continue; fi
  find "$d" -xdev -type f 2>/dev/null | while IFS= read -r f; do
    st=$(stat -c '%s|%Y|%a|%U' "$f" 2>/dev/null) || continue
    printf '%s|%s\n' "$st" "$f"
  done
done
s hashes
for d in $SCAN; do [ -d "$d" ] && find "$d" -xdev -type f -size -8192k -print0 2>/dev/null | xargs -0 -r sha256sum 2>/dev/null; done
s secret_private_key
PRIV=$(grep -rlsI -E -e '-----BEGIN ([A-Z]+ )?PRIVATE KEY-----' $SCAN /etc /opt /srv 2>/dev/null)
[ -n "$PRIV" ] && printf '%s\n' "$PRIV"
# fingerprints (never the keys): each authorized key line, each private key, each certificate
s authorized_keys
for f in /root/.ssh/authorized_keys /root/.ssh/authorized_keys2 /home/*/.ssh/authorized_keys /home/*/.ssh/authorized_keys2; do
  [ -f "$f" ] && have ssh-keygen || continue
  ssh-keygen -lf "$f" 2>/dev/null | while IFS= read -r l; do printf '%s|%s\n' "$f" "$l"; done
done
s key_fingerprints
if have ssh-keygen; then printf '%s\n' "$PRIV" | while IFS= read -r f; do
  [ -n "$f" ] || continue
  l=$(ssh-keygen -lf "$f" </dev/null 2>/dev/null | head -n 1) && [ -n "$l" ] && printf '%s|%s\n' "$f" "$l"
done; fi
s cert_fingerprints
if have openssl; then find $SCAN /etc/ssl /etc/pki /opt /srv -xdev -type f \( -name '*.crt' -o -name '*.pem' -o -name '*.cer' \) 2>/dev/null | grep -v '^/etc/ssl/certs/' | head -n 400 | while IFS= read -r f; do
  l=$(openssl x509 -in "$f" -noout -fingerprint -sha256 -subject -nameopt compat 2>/dev/null | tr '\n' '|') && [ -n "$l" ] && printf '%s|%s\n' "$f" "$l"
done; fi
s secret_password_hash
grep -rlsI -E '\$(1|2[abxy]?|5|6|y|gy|7|argon2id?)\$[A-Za-z0-9./=$,+-]{8,}' $SCAN /etc /opt /srv 2>/dev/null | grep -vxE '/etc/(shadow|gshadow|shadow-|gshadow-)'
s secret_token
grep -rlsI -E '(sk-ant-[A-Za-z0-9_-]{10,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{30,}|xox[abpr]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}|(password|passwd|secret|token)[[:space:]]*[=:][[:space:]]*[^[:space:]]{6,})' $SCAN /opt /srv 2>/dev/null
s packages
if have dpkg-query; then dpkg-query -W -f='${Package}|${Version}|${db:Status-Abbrev}\n' 2>/dev/null
elif have rpm; then rpm -qa --qf '%{NAME}|%{VERSION}-%{RELEASE}|ii\n' 2>/dev/null
elif have apk; then apk info -v 2>/dev/null | sed -E 's/^(.*)-([^-]+-r[0-9]+)$/\1|\2|ii/'
fi
# which package owns each /etc file and unit file: what a new package brings is the package's
s pkg_files
if [ -d /var/lib/dpkg/info ]; then grep -sE '^(/etc/|/lib/systemd/system/|/usr/lib/systemd/system/)' /var/lib/dpkg/info/*.list | sed -E 's#^/var/lib/dpkg/info/([^/]+)\.list:#\1|#; s#^([^:|]+):[^|]*[|]#\1|#'
elif have rpm; then rpm -qa --qf '[%{NAME}|%{FILENAMES}\n]' 2>/dev/null | grep -E '^[^|]+\|(/etc/|/usr/lib/systemd/system/|/lib/systemd/system/)'
elif [ -f /lib/apk/db/installed ]; then awk -F: '/^P:/{p=$2} /^F:/{d=$2} /^R:/{f="/" d "/" $2; if (f ~ /^\/(etc|lib\/systemd|usr\/lib\/systemd)\//) print p "|" f}' /lib/apk/db/installed
fi
# packages installed only as another's dependency (apt's auto mark; apk: not in its world file)
s pkg_auto
if have apt-mark; then apt-mark showauto 2>/dev/null
elif [ -f /etc/apk/world ]; then apk info 2>/dev/null | grep -vxF -f /etc/apk/world
fi
REPOS=$(ls /etc/apt/sources.list /etc/apt/sources.list.d/* /etc/yum.repos.d/* /etc/apk/repositories /etc/zypp/repos.d/* 2>/dev/null)
s repos; [ -n "$REPOS" ] && sha256sum $REPOS 2>/dev/null
s repo_urls; [ -n "$REPOS" ] && grep -hoE '(https?|ftp)://[^ "'"'"'<>]+' $REPOS 2>/dev/null | grep -v '^#' | sort -u
s passwd; cat /etc/passwd
s group; cat /etc/group
s sudoers; sha256sum /etc/sudoers /etc/sudoers.d/* 2>/dev/null
s crontabs; sha256sum /etc/crontab /etc/cron.d/* 2>/dev/null; find /var/spool/cron -type f -print0 2>/dev/null | xargs -0 -r sha256sum
if have systemctl && [ -d /run/systemd/system ]; then
  s units; systemctl list-units --all --no-legend --plain --type=service,socket,timer,mount,swap 2>/dev/null
  # enabled = has install links under /etc (what `systemctl list-unit-files` reads, 20x cheaper)
  s unit_enabled; find /etc/systemd/system -mindepth 2 -maxdepth 2 -type l \( -path '*.wants/*' -o -path '*.requires/*' \) 2>/dev/null | sed 's|.*/||' | sort -u
elif have rc-status; then
  s openrc; rc-status -a 2>/dev/null
fi
s listening
if have ss; then ss -Hltunp 2>/dev/null; else netstat -ltunp 2>/dev/null | tail -n +3; fi
# with systemd's procps, each process's unit: a service's python3 is that service, not a stray
if ps -o unit= -p 1 >/dev/null 2>&1; then s processes_units; ps -eo pid=,user=,unit=,comm=,args= 2>/dev/null
else s processes; ps -eo pid=,user=,comm=,args= 2>/dev/null || ps -o pid,user,comm,args | tail -n +2
fi
s fw_nft; have nft && nft list ruleset 2>/dev/null
s fw_iptables; have iptables-save && iptables-save 2>/dev/null | grep -v '^#'
s fw_firewalld; have firewall-cmd && firewall-cmd --state >/dev/null 2>&1 && firewall-cmd --list-all-zones 2>/dev/null
s fw_saved
sha256sum /etc/nftables.conf /etc/nftables.d/* /etc/iptables/rules.v4 /etc/iptables/rules.v6 /etc/sysconfig/iptables /etc/sysconfig/ip6tables /etc/firewalld/zones/* /etc/firewalld/direct.xml /etc/ufw/user.rules /etc/ufw/user6.rules /etc/iptables/iptables.rules 2>/dev/null
s mounts; cat /proc/mounts
s etc; find /etc -xdev -type f -print0 2>/dev/null | xargs -0 -r sha256sum 2>/dev/null
s etc_links
if [ -n "$GNUFIND" ]; then find /etc -xdev -type l -printf '%p|%l\n' 2>/dev/null
else find /etc -xdev -type l 2>/dev/null | while IFS= read -r l; do printf '%s|%s\n' "$l" "$(readlink "$l")"; done
fi
s pkg_health
if have dpkg; then out=$(dpkg --audit 2>&1); rc=$?; printf 'rc=%s\n%s\n' "$rc" "$out"
elif have rpm; then out=$(rpm -q rpm 2>&1 && rpm --verifydb 2>&1); rc=$?; printf 'rc=%s\n%s\n' "$rc" "$out"
elif have apk; then out=$(apk audit --system 2>&1 | head -50); rc=$?; printf 'rc=%s\n%s\n' "$rc" "$out"
fi
s disk; df -kP 2>/dev/null | tail -n +2
s end
