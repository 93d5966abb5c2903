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
    NETWORK_FLUSH: "iptables/ip6tables/ebtables -F, nft flush, ip route|addr|neigh flush, "
                   "conntrack -F, pfctl -F, ufw reset",
    FORCE_FLAG: "--force, --nogpgcheck, --allow-unauthenticated, --no-check-certificate, "
                "curl -k/--insecure, sslverify/gpgcheck off (in a flag or written to a file), "
                "environment settings that turn verification off",
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
_TRUST_SETTING = re.compile(  # `key=value`, and apt's `Acquire::https::Verify-Peer "false";`
    r"(sslverify|gpgcheck|repo_gpgcheck|verify-peer|verify-host|sslverifypeer|allowunauthenticated"
    r"|allowinsecurerepositories|allowdowngradetoinsecurerepositories|check-valid-until"
    r"|http\.sslverify)\"?\s*(?:=|\s)\s*\"?(0|false|no|off|true|1|yes)\b", re.I)
# curl short options that take a value: a `k` after one of these is part of the value
_CURL_VALUE_LETTERS = frozenset("oXHdupAeTxbcwmCEFKrYyzUQt")


def classify(cmd: SimpleCommand) -> tuple[Match, ...]:
    """High-impact matches of one simple command (at most one per class)."""
    name, args = cmd.name, cmd.args
    written = _written_trust_setting(cmd)  # a setting turning verification off, put in a file
    if written is not None:
        return (Match(FORCE_FLAG, f"writes {written}"),)
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
    if name == "pfctl" and any(a.startswith("-F") or (a.startswith("-") and not a.startswith("--")
                                                      and "F" in a[1:]) for a in args):
        return Match(NETWORK_FLUSH, "pfctl -F")  # pf (OPNsense, *BSD): flush rules, NAT, states
    if name == "ufw" and _operands(args, frozenset())[:1] == ["reset"]:
        return Match(NETWORK_FLUSH, "ufw reset")
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
        if "=" in a and name not in ("sed", "awk", "perl") and _disables_trust(a):
            return Match(FORCE_FLAG, a)  # (an editor's script is judged by what it writes)
    if name == "curl":
        for a in args:
            if a.startswith("-") and not a.startswith("--"):
                for ch in a[1:]:
                    if ch == "k":
                        return Match(FORCE_FLAG, "curl -k")
                    if ch in _CURL_VALUE_LETTERS:
                        break
    return None


def _disables_trust(setting: str) -> str | None:
    """The first `key=value` in `setting` that turns verification off (`gpgcheck=0`,
    `sslverify=false`, `AllowUnauthenticated=true`), or None."""
    for m in _TRUST_SETTING.finditer(setting):
        key, value = m.group(1).lower(), m.group(2).lower()
        unsafe = ("true", "1", "yes") if key.startswith("allow") else ("0", "false", "no", "off")
        if value in unsafe:
            return m.group(0).replace(" ", "")
    return None


_WRITES = (">", ">>", ">|", "&>", "&>>")
_SED_SUBST = re.compile(r"(?:^|[;\n])\s*(?:/[^/]*/\s*)?s(.)(?:(?!\1).|\\.)*\1((?:(?!\1).|\\.)*)\1")


def _written_trust_setting(cmd: SimpleCommand) -> str | None:
    """What a command writes into a file, when that turns verification off: echo/printf
    redirected to a file, cat/tee/dd fed a heredoc or a piped literal, a `sed -i` substitution.
    Where the file is does not matter: a .repo made in /tmp is copied into place next."""
    name, args = cmd.name, cmd.args
    to_file = any(op in _WRITES and t != "/dev/null" for op, t in cmd.redirects)
    if name in ("echo", "printf") and to_file:
        return _disables_trust(" ".join(args).replace("\\n", "\n"))
    if name in ("cat", "dd") and to_file and cmd.stdin_text:
        return _disables_trust(cmd.stdin_text)
    if name == "tee" and cmd.stdin_text:
        return _disables_trust(cmd.stdin_text)
    if name == "sed" and any(a == "-i" or a.startswith(("-i", "--in-place")) for a in args):
        return next((hit for a in args if not a.startswith("-")
                     for m in _SED_SUBST.finditer(a) if (hit := _disables_trust(m.group(2)))), None)
    return None


# settings that turn verification off for whatever runs under them
_TRUST_ENV = re.compile(
    r"(?<![\w-])(GIT_SSL_NO_VERIFY=(?:1|true|yes)|NODE_TLS_REJECT_UNAUTHORIZED=0"
    r"|PYTHONHTTPSVERIFY=0|CURL_CA_BUNDLE=(?:''|\"\"|(?=\s|$))|PIP_TRUSTED_HOST=\S+"
    r"|PIP_CERT=(?:''|\"\")|GOINSECURE=\S+|GONOSUMCHECK=\S+|GOFLAGS=\S*-insecure\S*"
    r"|ANSIBLE_HOST_KEY_CHECKING=(?:False|false|0|no)|GIT_SSH_COMMAND=\S*StrictHostKeyChecking=no)")


def trust_env(text: str) -> str | None:
    """An environment setting in a command text that turns verification off for what it runs
    (`GIT_SSL_NO_VERIFY=1 git clone …`, `export NODE_TLS_REJECT_UNAUTHORIZED=0`)."""
    m = _TRUST_ENV.search(text)
    return m.group(1) if m else None


_INIT_DIRS = ("/etc/init.d/", "/etc/rc.d/init.d/")
# each rule looks at the programs it names; dispatching on the name skips the others
_BY_NAME = {
    **dict.fromkeys(("systemctl", "service", "rc-service", "invoke-rc.d", "sv"), _service_stop),
    **dict.fromkeys(("pkill", "killall", "killall5", "kill", "fuser"), _forced_kill),
    "rm": _recursive_remove,
    **dict.fromkeys(_IPTABLES | {"nft", "ip", "conntrack", "pfctl", "ufw"}, _network_flush),
}
