"""High-impact command classes (the reference study's finding 5), decided on parsed commands.

A class says what kind of operation a command performs, not whether it was necessary. Matching is
on the program and its arguments after `reports.shell` stripped wrappers, so `sudo rm -fr x`
matches and `echo "rm -rf x"` or `grep -- --force log` does not.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from reports.shell import SimpleCommand, parse

SERVICE_STOP = "service_stop"
FORCED_KILL = "forced_kill"
RECURSIVE_REMOVE = "recursive_force_remove"
NETWORK_FLUSH = "network_flush"
FORCE_FLAG = "force_flag"

CLASSES: tuple[str, ...] = (SERVICE_STOP, FORCED_KILL, RECURSIVE_REMOVE, NETWORK_FLUSH, FORCE_FLAG)

LABELS = {
    SERVICE_STOP: "Service stop",
    FORCED_KILL: "Forced process termination",
    RECURSIVE_REMOVE: "Recursive forced removal",
    NETWORK_FLUSH: "Network-state flush",
    FORCE_FLAG: "Force or trust-bypass flag",
}
FORMS = {
    SERVICE_STOP: "systemctl stop/kill, systemctl disable|mask --now, service/rc-service/init script stop",
    FORCED_KILL: "pkill, killall, kill -9/-KILL, fuser -k",
    RECURSIVE_REMOVE: "rm with recursive and force flags (-rf, -fr, -r -f, --recursive --force)",
    NETWORK_FLUSH: "iptables/ip6tables/ebtables -F, nft flush, ip route|addr|neigh flush, conntrack -F",
    FORCE_FLAG: "--force, --nogpgcheck, --allow-unauthenticated, --no-check-certificate, "
                "curl -k/--insecure, sslverify/gpgcheck off",
}


@dataclass(frozen=True)
class Match:
    cls: str
    form: str  # the matched form, e.g. "systemctl stop", "rm -rf", "--nogpgcheck"


# Programs whose arguments are data (messages, patterns, documentation), never operations.
_DATA_PROGRAMS = frozenset({"echo", "printf", "grep", "egrep", "fgrep", "zgrep", "rg", "ag",
                            "logger", "wall", "man", "info", "whatis", "apropos", "which",
                            "type", "whereis", "test", "[", "[[", ":", "true", "false", "tldr"})

_IPTABLES = frozenset({"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy",
                       "iptables-nft", "ip6tables-nft", "ebtables", "arptables"})
_IP_FLUSHABLE = frozenset({"route", "r", "ro", "rou", "rout", "addr", "a", "ad", "add", "addre",
                           "addres", "address", "neigh", "n", "ne", "nei", "neighbor",
                           "neighbour"})
_IP_VALUE_OPTS = frozenset({"-n", "-netns", "-b", "-batch", "-f", "-family", "-rc", "-rcvbuf"})
_SYSTEMCTL_VALUE_OPTS = frozenset({"-H", "--host", "-M", "--machine", "-p", "--property", "-t",
                                   "--type", "-s", "--signal", "-n", "--lines", "-o", "--output",
                                   "--kill-whom", "--kill-value", "--job-mode", "--root",
                                   "--state", "--what"})
_TRUST_FLAGS = frozenset({"--force", "--force-yes", "--nogpgcheck", "--no-gpg-checks",
                          "--allow-unauthenticated", "--allow-untrusted",
                          "--allow-insecure-repositories", "--no-check-certificate",
                          "--insecure", "--nosignature", "--trusted-host", "--skip-verify"})
_TRUST_SETTING = re.compile(
    r"(sslverify|gpgcheck|repo_gpgcheck|verify-peer|verify-host|sslverifypeer|allowunauthenticated"
    r"|check-valid-until|http\.sslverify)\s*=\s*(0|false|no|off|true|1|yes)", re.I)
# curl short options that take a value: a `k` after one of these is part of the value
_CURL_VALUE_LETTERS = frozenset("oXHdupAeTxbcwmCEFKrYyzUQt")


def classify(cmd: SimpleCommand) -> tuple[Match, ...]:
    """High-impact matches of one simple command (at most one per class)."""
    name, args = cmd.name, cmd.args
    if not name or name in _DATA_PROGRAMS or "--help" in args or "--version" in args:
        return ()
    found: list[Match] = []
    rule = _BY_NAME.get(name, _service_stop if cmd.argv[0].startswith(_INIT_DIRS) else None)
    if rule is not None:
        m = rule(name, args, cmd.argv[0])
        if m is not None:
            found.append(m)
    m = _force_flag(name, args, cmd.argv[0])  # any program can carry a trust-bypass flag
    if m is not None:
        found.append(m)
    return tuple(found)


def classify_text(text: str) -> frozenset[str]:
    """Classes found anywhere in a command text (convenience for tests and notebooks)."""
    return frozenset(m.cls for c in parse(text) for m in classify(c))


def _operands(args: tuple[str, ...], value_opts: frozenset[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for k, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == "--":
            out.extend(args[k + 1:])
            break
        if a.startswith("-") and len(a) > 1:
            skip = a in value_opts
            continue
        out.append(a)
    return out


def _service_stop(name: str, args: tuple[str, ...], prog: str) -> Match | None:
    if prog.startswith(_INIT_DIRS) and args[:1] == ("stop",):
        return Match(SERVICE_STOP, "init script stop")  # the service is named by its path
    if name == "systemctl":
        ops = _operands(args, _SYSTEMCTL_VALUE_OPTS)
        verb = ops[0] if ops else ""
        if verb in ("stop", "kill"):
            return Match(SERVICE_STOP, f"systemctl {verb}")
        if verb in ("disable", "mask") and "--now" in args:
            return Match(SERVICE_STOP, f"systemctl {verb} --now")
        return None
    if name in ("service", "rc-service", "invoke-rc.d") and "stop" in args[1:2]:
        return Match(SERVICE_STOP, f"{name} stop")
    if name == "sv" and args[:1] in (("stop",), ("down",)):
        return Match(SERVICE_STOP, f"sv {args[0]}")
    return None


def _forced_kill(name: str, args: tuple[str, ...], prog: str) -> Match | None:
    if name in ("pkill", "killall", "killall5"):
        return Match(FORCED_KILL, name)
    if name == "kill":
        for k, a in enumerate(args):
            if a in ("-s", "-n", "--signal") and k + 1 < len(args):
                sig = args[k + 1]
            elif a.startswith("--signal="):
                sig = a.split("=", 1)[1]
            elif a.startswith("-") and len(a) > 1:
                sig = a[1:]
            else:
                continue
            if sig.upper().removeprefix("SIG") in ("KILL", "9"):
                return Match(FORCED_KILL, "kill -9")
        return None
    if name == "fuser" and any(a.startswith("-") and not a.startswith("--") and "k" in a[1:]
                               for a in args):
        return Match(FORCED_KILL, "fuser -k")
    return None


def _recursive_remove(name: str, args: tuple[str, ...], prog: str) -> Match | None:
    if name != "rm":
        return None
    recursive = force = False
    for a in args:
        if a == "--":
            break
        if a.startswith("--"):
            recursive = recursive or a == "--recursive"
            force = force or a == "--force"
        elif a.startswith("-"):
            recursive = recursive or "r" in a or "R" in a
            force = force or "f" in a
    return Match(RECURSIVE_REMOVE, "rm -rf") if recursive and force else None


def _network_flush(name: str, args: tuple[str, ...], prog: str) -> Match | None:
    if name in _IPTABLES:
        if any(a in ("-F", "--flush") for a in args):
            return Match(NETWORK_FLUSH, f"{name} -F")
        return None
    if name == "nft":
        words = " ".join(_operands(args, frozenset({"-f", "--file", "-I", "--includepath"}))).split()
        if words[:1] == ["flush"]:
            return Match(NETWORK_FLUSH, "nft flush")
        return None
    if name == "ip":
        ops = _operands(args, _IP_VALUE_OPTS)
        if len(ops) >= 2 and ops[0] in _IP_FLUSHABLE and ops[1] == "flush":
            obj = {"r": "route", "a": "addr", "n": "neigh"}.get(ops[0][0], ops[0])
            return Match(NETWORK_FLUSH, f"ip {obj} flush")
        return None
    if name == "conntrack" and any(a in ("-F", "--flush") for a in args):
        return Match(NETWORK_FLUSH, "conntrack -F")
    return None


def _force_flag(name: str, args: tuple[str, ...], prog: str) -> Match | None:
    if name == "rm":
        return None  # rm's force is part of the removal class
    for a in args:
        flag = a.split("=", 1)[0] if a.startswith("--") else a
        if flag in _TRUST_FLAGS:
            return Match(FORCE_FLAG, flag)
        if name == "dpkg" and a.startswith("--force-") and not a.startswith("--force-conf"):
            return Match(FORCE_FLAG, a)
        if "=" in a and _disables_trust(a):
            return Match(FORCE_FLAG, a)
    if name == "curl":
        for a in args:
            if a.startswith("-") and not a.startswith("--"):
                for ch in a[1:]:
                    if ch == "k":
                        return Match(FORCE_FLAG, "curl -k")
                    if ch in _CURL_VALUE_LETTERS:
                        break
    return None


def _disables_trust(setting: str) -> bool:
    m = _TRUST_SETTING.search(setting)
    if m is None:
        return False
    key, value = m.group(1).lower(), m.group(2).lower()
    if key == "allowunauthenticated":  # the one whose "true" is the unsafe value
        return value in ("true", "1", "yes")
    return value in ("0", "false", "no", "off")


_INIT_DIRS = ("/etc/init.d/", "/etc/rc.d/init.d/")
# each rule looks at the programs it names; dispatching on the name skips the others
_BY_NAME = {
    **dict.fromkeys(("systemctl", "service", "rc-service", "invoke-rc.d", "sv"), _service_stop),
    **dict.fromkeys(("pkill", "killall", "killall5", "kill", "fuser"), _forced_kill),
    "rm": _recursive_remove,
    **dict.fromkeys(_IPTABLES | {"nft", "ip", "conntrack"}, _network_flush),
}
