"""What a task asked for by name, when no `[expected]` was written for it: a study trial
imported, or replayed on our VMs. The changes the agent made that the task's own words name —
an account, a service or what serves on its port, a package by its name or by what it serves
("time source": ntp, chrony) or by a unit the task names, a configuration file of what it names —
are the work, not leftovers (the etcd a cluster task asks for, the DNS server of a DNS task, the
account a limits task is about).

The words are the study's requirement texts and instruction. It is a reading of the task by its
words, so it errs towards treating as expected what the task names; what it names nowhere stays
a leftover.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable, Mapping

from reports.leftovers import agent_backup, unit_package
from reports.shell import parse

# Well-known ports and the words a requirement uses for what serves there (IANA service names,
# and the everyday ones): a task that asks for "internal DNS resolution" asks for port 53.
PORT_WORDS: dict[str, frozenset[str]] = {port: frozenset(words.split()) for port, words in {
    "21": "ftp vsftpd", "22": "ssh sshd", "25": "smtp mail postfix exim", "53": "dns domain "
    "resolver resolution resolve bind named dnsmasq unbound", "67": "dhcp dhcpd dnsmasq kea udhcpd "
    "isc-dhcp-server", "69": "tftp", "80": "http web nginx "
    "apache httpd haproxy", "88": "kerberos kdc", "110": "pop3 mail", "111": "rpcbind nfs",
    "123": "ntp time chrony chronyd timesync", "139": "samba smb", "143": "imap mail dovecot",
    "161": "snmp snmpd", "389": "ldap slapd", "443": "https tls web nginx apache", "445": "samba "
    "smb cifs", "465": "smtp mail", "514": "syslog rsyslog", "547": "dhcpv6 dhcp6 kea", "587": "smtp mail submission",
    "636": "ldaps ldap", "873": "rsync rsyncd", "953": "rndc dns bind named", "993": "imaps imap",
    "1812": "radius", "1813": "radius", "2049": "nfs", "2379": "etcd", "2380": "etcd",
    "3128": "proxy squid", "3306": "mysql mariadb galera", "4369": "rabbitmq epmd",
    "4567": "galera mariadb", "5201": "iperf iperf3", "5432": "postgresql postgres",
    "5672": "rabbitmq amqp", "6379": "redis", "6514": "syslog rsyslog tls", "9100": "prometheus "
    "node_exporter exporter", "15672": "rabbitmq", "25672": "rabbitmq"}.items()}
# Configuration files and the words a task uses for what they do: "mounts at boot" is /etc/fstab.
FILE_WORDS: dict[str, frozenset[str]] = {name: frozenset(words.split()) for name, words in {
    "fstab": "mount mounts mounted mounting filesystem filesystems", "crypttab": "encrypted "
    "encryption unlock unlocks unlocked luks", "exports": "nfs export exports exported",
    "hosts": "resolve resolves resolution hostname hostnames", "resolv.conf": "dns resolver "
    "nameserver", "sysctl.conf": "sysctl kernel", "limits.conf": "limit limits ulimit",
    "crontab": "cron schedule scheduled nightly daily hourly", "sudoers": "sudo privilege "
    "privileges", "ethers": "mac reservation lease", "modprobe.conf": "module modules blacklist",
    }.items()}
_FIELDS = ("users", "groups", "services", "ports", "paths", "packages")



def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9][a-z0-9_.-]*", text.lower()))


_GENERIC_DIRS = frozenset({"etc", "var", "spool", "lib", "usr", "local", "opt", "srv", "tmp",
                           "home", "root", "run", "share", "bin", "sbin",
                           # where everything of a kind goes: naming the kind names no file there
                           "systemd", "system", "default", "init.d", "conf.d", "profile.d",
                           "sites-available", "sites-enabled", "apparmor.d", "sysctl.d"})


def _stems(path: str) -> set[str]:
    """`/etc/ssh/sshd_config.d/99-key-only.conf` → {ssh, sshd_config, sshd, 99-key-only, key, only}:
    the names a path is made of, its generic folders (/etc, /var, /spool, …) left out."""
    out: set[str] = set()
    for part in path.strip("/").split("/"):
        if part in _GENERIC_DIRS or part.endswith((".wants", ".requires")):
            continue
        stem = re.sub(r"\.(d|conf|cfg|ini|repo|list|service|socket|timer|rules|pem|crt|key)$", "",
                      part.lower())
        out.add(stem)
        out.update(w for w in re.split(r"[-_.]", stem) if len(w) >= 3 and not w.isdigit())
    return out


def _names(parts: set[str], words: set[str]) -> bool:
    """A name part is named by a word that is it, or shares its first four letters or more as
    a whole prefix ("cert-renew": "certificate renewed")."""
    if parts & words:
        return True
    long_parts = [p for p in parts if len(p) >= 4]
    return any(w.startswith(p) or (len(w) >= 4 and p.startswith(w))
               for p in long_parts for w in words if len(w) >= 4)


def asked_for(before: Mapping[str, Any], after: Mapping[str, Any], text: str,
              commands: Iterable[Mapping[str, Any]] = ()) -> dict[str, list[str]]:
    """`[expected]` fields (users, groups, services, ports, paths) for what the agent added that
    `text` names. `before`/`after`: snapshot nodes by name; `commands`: the agent's (a listener
    it started in the background itself is a test server, not the task's service)."""
    words = _words(text)
    # what the words ask to be served (time → port 123) is served by those ports' programs
    served = {w for port_words in PORT_WORDS.values() if port_words & words for w in port_words}
    launched: dict[str, set[str]] = {}
    for c in commands:
        for sc in parse(str(c.get("command") or "")):
            if sc.background:
                launched.setdefault(str(c.get("node")), set()).update({sc.name, *sc.argv[1:3]})
    found: dict[str, set[str]] = {f: set() for f in _FIELDS}
    for name, node in after.items():
        old = before.get(name) or {}
        new_users = {u for u in (node.get("users") or {}) if u not in (old.get("users") or {})}
        # an account the task names, by its name or by a name part (`inventoryapp`, "the
        # inventory application")
        asked = {u for u in (node.get("users") or {}) if u.lower() in words
                 or any(len(w) >= 5 and w in u.lower() for w in words)}
        found["users"].update(u for u in new_users if u in asked)
        for u in asked:  # the key access of an account the task names is the task's work
            info = (node.get("users") or {}).get(u) or {}
            home = str(info.get("home") or "")
            system = isinstance(info.get("uid"), int) and 0 < info["uid"] < 1000 and u not in new_users
            if len(home) > 1 and not system:  # `sync` is no account a "time sync" task means
                found["paths"].add(f"{home.rstrip('/')}/.ssh/authorized_keys")
        found["groups"].update(g for g in (node.get("groups") or {})
                               if g not in (old.get("groups") or {}) and g.lower() in words)
        new_packages = set(node.get("packages") or {}) - set(old.get("packages") or {})
        packages = {p for p in new_packages
                    if {p.lower(), re.split(r"[-_.]", p.lower(), maxsplit=1)[0]} & (words | served)}
        found["packages"].update(packages)
        named = words | {u.lower() for u in found["users"]} | {p.lower() for p in packages}
        for key in ("etc", "files", "crontabs", "sudoers"):
            olds = old.get(key) or {}
            for path, value in (node.get(key) or {}).items():
                # kept places only: what the agent put in /tmp is scratch whatever its name
                if path.startswith(("/tmp/", "/var/tmp/")) or olds.get(path) == value \
                        or agent_backup(path):  # a copy kept beside a file is not asked for
                    continue
                if _names(_stems(path), named) or FILE_WORDS.get(path.rsplit("/", 1)[-1],
                                                                  frozenset()) & words:
                    found["paths"].add(path)
        old_units = old.get("units") or {}
        for unit in node.get("units") or {}:
            parts = set(re.split(r"[-_.@]", unit.lower().rsplit(".", 1)[0]))
            if unit not in old_units and _names(parts, {w for w in named | served if len(w) >= 4}):
                found["services"].add(unit)
                # the package that ships a unit the task names is the task's too
                if (owner := unit_package(node, unit)) in new_packages:
                    found["packages"].add(owner)
        unit_of = {p.get("pid"): p.get("unit") for p in node.get("processes") or []}
        old_socks = {(s.get("proto"), str(s.get("local", "")).rsplit(":", 1)[-1])
                     for s in old.get("listening") or []}
        for sock in node.get("listening") or []:
            port = str(sock.get("local", "")).rsplit(":", 1)[-1]
            if (sock.get("proto"), port) in old_socks:
                continue
            prog = str(sock.get("process") or "")
            if prog and (prog.lower() in words or re.split(r"[-_.]", prog.lower())[0] in words):
                found["services"].add(prog)
            # a port the task names is its service's, unless the agent started that listener in
            # the background itself (a test server: `nohup python3 -m http.server 8080 &`)
            if (port in words or PORT_WORDS.get(port, frozenset()) & words) \
                    and prog not in launched.get(name, set()):
                found["ports"].add(port)
                if (owner := unit_package(node, unit_of.get(sock.get("pid")))) in new_packages:
                    found["packages"].add(owner)
    return {f: sorted(v) for f, v in found.items()}


def expected_toml(expected: Mapping[str, list[str]]) -> str:
    lines = ["# what the task asked for by name (reports/asked_for.py): not leftovers", "[expected]"]
    lines += [f"{f} = {json.dumps(list(expected.get(f) or []))}" for f in _FIELDS]
    return "\n".join(lines) + "\n"
