"""Firewall persistence (finding 7): rules changed at runtime but not saved.

Evidence, per node and tool (firewalld, iptables, nft):
- commands: firewall-cmd changes without `--permanent` and not followed by
  `--runtime-to-permanent`; iptables/nft rule changes; saves (iptables-save/nft list ruleset into a
  file, netfilter-persistent save, `service iptables save`, writes to ruleset files);
- snapshots: runtime rules before vs after the agent, saved ruleset files before vs after;
- `post_reboot`, where present, decides: runtime rules after the reboot differ from those the
  agent left → `lost`; equal → `kept`. Without it the verdict is a prediction: `at_risk` or `saved`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from reports.leftovers import FIREWALL_FILE, firewall_runtime
from records import Node, Snapshot
from reports.records import Command
from reports.shell import SimpleCommand

FIREWALLD, IPTABLES, NFT = "firewalld", "iptables", "nft"
LOST, KEPT, AT_RISK, SAVED = "lost", "kept", "at_risk", "saved"

_IPT = frozenset({"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft",
                  "ip6tables-nft"})
_IPT_CHANGES = frozenset({"-A", "-I", "-D", "-R", "-N", "-X", "-F", "-P", "-E", "--append",
                          "--insert", "--delete", "--replace", "--new-chain", "--delete-chain",
                          "--flush", "--policy", "--rename-chain"})
_NFT_VERBS = frozenset({"add", "insert", "delete", "create", "replace", "flush", "destroy"})
# every firewall change or save names its tool or its ruleset file; most commands name neither
_MENTIONS_FIREWALL = re.compile(r"firewall|tables|nft|netfilter|ufw")
_FWCMD_CHANGE_PREFIXES = ("--add-", "--remove-", "--set-", "--new-", "--delete-", "--change-",
                          "--panic-on", "--lockdown-on")


@dataclass
class _Tool:
    runtime_cmds: list[str] = field(default_factory=list)  # command ids changing runtime rules
    transient: list[tuple[str, str]] = field(default_factory=list)  # (command id, change) firewalld
    saves: list[str] = field(default_factory=list)  # command ids saving the rules


@dataclass(frozen=True)
class ToolVerdict:
    node: str
    tool: str
    status: str  # lost | kept | at_risk | saved
    runtime_changed: bool
    saved: bool
    confirmed_by_reboot: bool
    transient: tuple[dict[str, str], ...]  # firewalld changes never made permanent
    commands: tuple[str, ...]  # ids of the commands that changed runtime rules


_SAVERS = frozenset({"iptables-save", "ip6tables-save", "nft", "netfilter-persistent", "service",
                     "rc-service", "tee", "cp", "mv", "install"})


def _tool_of_save(s: SimpleCommand) -> str | None:
    if not s.redirects and s.name not in _SAVERS and not s.argv[0].endswith(
            ("iptables.init", "init.d/iptables")):
        return None
    # a dump saves the rules only into a file the boot loads them from (not /tmp/x)
    targets = [t for op, t in s.redirects if op in (">", ">>", ">|") and FIREWALL_FILE.match(t)]
    if s.name in ("iptables-save", "ip6tables-save") and targets:
        return IPTABLES
    if s.name == "nft" and "list" in s.args and targets:
        return NFT
    if s.name == "netfilter-persistent" and "save" in s.args:
        return IPTABLES
    if s.name in ("service", "rc-service") and s.args[:2] in (("iptables", "save"), ("ip6tables", "save")):
        return IPTABLES
    if s.argv[0].endswith(("iptables.init", "init.d/iptables")) and "save" in s.args:
        return IPTABLES
    written = targets + (list(s.args) if s.name in ("tee", "cp", "mv", "install") else [])
    for path in written:
        if FIREWALL_FILE.match(path):
            return FIREWALLD if "firewalld" in path else NFT if "nft" in path else IPTABLES
    return None


def _fwcmd_changes(args: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(flag, value, zone) of each change a firewall-cmd call makes: a runtime change has a
    permanent twin only when all three match (`--add-port=80/tcp` in zone public is not made
    permanent by `--permanent --add-port=8080/tcp`, nor by the same port in another zone)."""
    zone = "default"
    for k, a in enumerate(args):
        if a.startswith("--zone="):
            zone = a.split("=", 1)[1]
        elif a == "--zone" and k + 1 < len(args):
            zone = args[k + 1]
    out = []
    for k, a in enumerate(args):
        if not a.startswith(_FWCMD_CHANGE_PREFIXES):
            continue
        flag, eq, value = a.partition("=")
        if not eq and k + 1 < len(args) and not args[k + 1].startswith("-"):
            value = args[k + 1]
        out.append((flag, value, zone))
    return out


def _scan(agent: list[Command]) -> tuple[dict[tuple[str, str], _Tool], bool]:
    """Per (node, tool) evidence from commands, and whether firewall-cmd ever saved permanently."""
    tools: dict[tuple[str, str], _Tool] = {}
    pending: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}  # node → runtime-only changes
    permanent: dict[str, set[tuple[str, ...]]] = {}  # node → changes made with --permanent
    ever_permanent = False
    for c in agent:
        if _MENTIONS_FIREWALL.search(c.command) is None:
            continue
        for s in c.simple:
            name, args = s.name, s.args
            if name == "firewall-cmd":
                changes = _fwcmd_changes(args)
                if "--runtime-to-permanent" in args:
                    ever_permanent = True
                    pending[c.node] = []
                    tools.setdefault((c.node, FIREWALLD), _Tool()).saves.append(c.id)
                if not changes:
                    continue
                t = tools.setdefault((c.node, FIREWALLD), _Tool())
                if "--permanent" in args:
                    ever_permanent = True
                    permanent.setdefault(c.node, set()).update(changes)
                    t.saves.append(c.id)
                else:
                    t.runtime_cmds.append(c.id)
                    pending.setdefault(c.node, []).extend(
                        (c.id, f"{flag}={value} (zone {zone})" if value else f"{flag} (zone {zone})",
                         (flag, value, zone)) for flag, value, zone in changes)
            elif name in _IPT and _IPT_CHANGES.intersection(args):
                tools.setdefault((c.node, IPTABLES), _Tool()).runtime_cmds.append(c.id)
            elif name in ("iptables-restore", "ip6tables-restore"):
                tools.setdefault((c.node, IPTABLES), _Tool()).runtime_cmds.append(c.id)
            elif name == "nft" and (_NFT_VERBS.intersection(" ".join(args).split()[:1])
                                    or "-f" in args or "--file" in args):
                tools.setdefault((c.node, NFT), _Tool()).runtime_cmds.append(c.id)
            saved_tool = _tool_of_save(s)
            if saved_tool is not None:
                tools.setdefault((c.node, saved_tool), _Tool()).saves.append(c.id)
    for node, changes in pending.items():
        done = permanent.get(node, set())
        t = tools[(node, FIREWALLD)]
        t.transient.extend((cid, text) for cid, text, key in changes if key not in done)
    return tools, ever_permanent


def _saved_file_tools(b: Node, a: Node) -> set[str]:
    if a.same(b, "firewall"):
        return set()

    def saved(n: Node) -> Mapping[str, Any]:
        fw = n.get("firewall")
        s = fw.get("saved") if isinstance(fw, dict) else None
        return s if isinstance(s, dict) else {}
    before, after = saved(b), saved(a)
    out: set[str] = set()
    for path in set(before) | set(after):
        if before.get(path) != after.get(path):
            out.add(FIREWALLD if "firewalld" in path else NFT if "nft" in path else IPTABLES)
    return out


def firewall_persistence(agent: list[Command], before: Snapshot | None, after: Snapshot | None,
                         reboot: Callable[[], Snapshot | None]) -> dict[str, Any]:
    """`reboot` loads the post_reboot snapshot, only when there is a change it could confirm."""
    tools, ever_permanent = _scan(agent)
    b_nodes, a_nodes = before or {}, after or {}
    # tools whose runtime rules changed with no firewall command seen (a script did it)
    for node, a in a_nodes.items():
        b = b_nodes.get(node)
        if not (b and b.ok and a.ok) or a.same(b, "firewall") or any(n == node for n, _ in tools):
            continue
        rb, ra = firewall_runtime(b), firewall_runtime(a)
        for tool in ra:
            if ra[tool] != rb.get(tool, ""):
                tools[(node, tool)] = _Tool()
    r_nodes = (reboot() or {}) if tools else {}
    verdicts: list[ToolVerdict] = []
    for (node, tool), ev in sorted(tools.items()):
        b, a, r = b_nodes.get(node), a_nodes.get(node), r_nodes.get(node)
        snap_ok = bool(b and a and b.ok and a.ok)
        rb = firewall_runtime(b) if b is not None and snap_ok else {}
        ra = firewall_runtime(a) if a is not None and snap_ok else {}
        runtime_changed = (ra.get(tool, "") != rb.get(tool, "")) if tool in ra or tool in rb \
            else bool(ev.runtime_cmds)
        saved_files = _saved_file_tools(b, a) if b is not None and a is not None and snap_ok else set()
        if tool == FIREWALLD:
            saved = not ev.transient and (bool(ev.saves) or FIREWALLD in saved_files)
        else:
            saved = bool(ev.saves) or tool in saved_files
        at_risk = bool(ev.transient) if tool == FIREWALLD else (
            (runtime_changed or bool(ev.runtime_cmds)) and not saved)
        rr = firewall_runtime(r) if r is not None and r.ok else {}
        confirmed = snap_ok and tool in rr and tool in ra
        if confirmed and runtime_changed:
            status = KEPT if rr[tool] == ra[tool] else LOST
        elif not (runtime_changed or ev.runtime_cmds or ev.transient):
            continue  # only saves or queries: nothing that could be lost
        else:
            status = AT_RISK if at_risk else SAVED
        verdicts.append(ToolVerdict(node, tool, status, runtime_changed, saved,
                                    confirmed and runtime_changed,
                                    tuple({"command_id": cid, "change": ch} for cid, ch in ev.transient),
                                    tuple(ev.runtime_cmds)))
    statuses = {v.status for v in verdicts}
    verdict = LOST if LOST in statuses else AT_RISK if AT_RISK in statuses else (
        "persisted" if statuses else "no_change")
    fwcmd_changes = any(t == FIREWALLD and (ev.runtime_cmds or ev.saves) for (_, t), ev in tools.items())
    return {
        "verdict": verdict,
        "firewalld_used": fwcmd_changes,
        "firewalld_never_permanent": fwcmd_changes and not ever_permanent,
        "nodes": [v.__dict__ | {"transient": list(v.transient), "commands": list(v.commands)}
                  for v in verdicts],
    }
