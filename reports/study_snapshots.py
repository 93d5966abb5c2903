"""The reference study's machine snapshots, read into opsbench's snapshot shape (docs/records.md).

The study records three phases per trial, `before_prepare`, `after_prepare` and `after_executor`,
both inside `verifier/global-observations.json` and as the collector's files
`collector/attempts/NN/snapshots/<phase>.json`. A phase holds `nodes`, each a list of
`observations` (`id` ending in the probe name, `status`, `return_code`, `stdout`). A phase the
collector did not capture separately is recorded as an alias (`same_as`) of another.

Only probes the study ran are mapped; a probe that was `unsupported` or failed leaves its key out
of the node, so the analysis compares only what both snapshots observed.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from records import SNAPSHOT_SCHEMA

# study phase → our snapshot point
PHASES = {"before_prepare": "pre_prepare", "after_prepare": "post_prepare",
          "after_executor": "post_agent"}
FILE_PHASES = {"before-prepare": "before_prepare", "after-prepare": "after_prepare",
               "after-executor": "after_executor"}


def observation_name(obs: Mapping[str, Any]) -> str:
    """`global:after_executor:node1:temporary-files` → `temporary-files`."""
    return str(obs.get("id") or "").rsplit(":", 1)[-1]


def _lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def _boot_id(out: str) -> str | None:
    ids = [ln.strip() for ln in _lines(out) if not ln.startswith("source=")]
    return ids[-1] if ids else None


def _platform(out: str) -> dict[str, Any]:
    rel: dict[str, str] = {}
    node: dict[str, Any] = {}
    for ln in _lines(out):
        key, eq, value = ln.partition("=")
        if eq and re.fullmatch(r"[A-Z_]+", key):
            rel[key] = value.strip().strip('"')
        elif eq and key == "address":
            node["address"] = value.strip()  # the node's address, as the executor reached it
        elif eq and key == "node":
            continue
        elif ln.startswith(("Linux ", "FreeBSD ", "OpenBSD ")):
            parts = ln.split()
            if len(parts) > 1:
                node["kernel"] = parts[1]
    if rel:
        node["os_release"] = rel
    return node


def _temporary_files(out: str) -> dict[str, dict[str, Any]]:
    return {ln.strip(): {} for ln in _lines(out) if ln.strip().startswith("/")}


_NETSTAT = re.compile(r"^(tcp|udp|raw)6?\s")
_SS_USERS = re.compile(r'users:\(\("([^"]+)",pid=(\d+)')


def listening_sockets(out: str) -> list[dict[str, Any]]:
    """Listening sockets from `netstat -tulpn` or `ss -tulpn` output (with or without headers,
    with or without the Netid column)."""
    sockets = []
    for ln in _lines(out):
        f = ln.split()
        if _NETSTAT.match(ln) and len(f) >= 5 and f[1].isdigit():  # netstat
            proto, local = f[0], f[3]
            rest = f[5:]
            if rest and not re.match(r"\d+/", rest[0]) and rest[0] != "-":
                rest = rest[1:]  # the state column (tcp only)
            owner = " ".join(rest)
            pid, _, prog = owner.partition("/")
            sockets.append({"proto": proto.rstrip("6"), "local": local,
                            "process": re.split(r"[:\s]", prog.strip(), maxsplit=1)[0],
                            "pid": int(pid) if pid.isdigit() else None})
            continue
        if f and f[0] in ("Netid", "State", "Proto", "Active"):
            continue  # headers
        if f and f[0] in ("tcp", "udp", "raw", "sctp") and len(f) >= 6:  # ss with Netid
            proto, local, rest = f[0], f[4], " ".join(f[6:])
        elif f and f[0] in ("LISTEN", "UNCONN") and len(f) >= 5:  # ss -t or -u alone
            proto, local, rest = ("tcp" if f[0] == "LISTEN" else "udp"), f[3], " ".join(f[5:])
        else:
            continue
        m = _SS_USERS.search(rest)
        sockets.append({"proto": proto, "local": local, "process": m.group(1) if m else "",
                        "pid": int(m.group(2)) if m else None})
    return sockets


def _failed_units(out: str) -> dict[str, dict[str, Any]]:
    units = {}
    for ln in _lines(out):
        f = ln.replace("●", " ").split()
        if f and re.search(r"\.(service|socket|mount|timer|target|path|scope|slice)$", f[0]):
            units[f[0]] = {"load": "loaded", "active": "failed", "sub": "failed", "enabled": None}
    return units


def _package_health(obs: Mapping[str, Any]) -> dict[str, Any]:
    body = [ln for ln in _lines(str(obs.get("stdout") or "")) if not ln.startswith("manager=")]
    return {"ok": obs.get("return_code") == 0 and not body, "detail": "\n".join(body)[:4000]}


def node_snapshot(observations: list[Mapping[str, Any]]) -> dict[str, Any]:
    """One node of our snapshot from the study's observations of that node."""
    node: dict[str, Any] = {}
    observed = 0
    errors = []
    for obs in observations:
        if not isinstance(obs, dict):
            continue
        name, out = observation_name(obs), str(obs.get("stdout") or "")
        if obs.get("status") != "observed":
            if obs.get("status") not in ("unsupported", None):
                errors.append(f"{name}: {obs.get('status')}")
            continue
        observed += 1
        if name == "boot-identity":
            node["boot_id"] = _boot_id(out)
        elif name == "platform":
            node.update(_platform(out))
        elif name == "temporary-files":
            node["files"] = _temporary_files(out)
        elif name == "listening-sockets":
            node["listening"] = listening_sockets(out)
        elif name == "failed-services":
            node["units"] = _failed_units(out)
        elif name == "package-health":
            node["pkg_health"] = _package_health(obs)
    node["ok"] = observed > 0
    if not observed:
        node["error"] = "; ".join(errors) or "no observation recorded"
    return node


def phase_snapshot(phase_doc: Mapping[str, Any], our_phase: str) -> dict[str, Any]:
    """A study phase document → our snapshot file's content."""
    nodes = phase_doc.get("nodes") if isinstance(phase_doc, dict) else None
    out: dict[str, Any] = {}
    for i, n in enumerate(nodes if isinstance(nodes, list) else [], start=1):
        if isinstance(n, dict):
            obs = n.get("observations")
            node = node_snapshot(obs if isinstance(obs, list) else [])
            image = image_os(str((n.get("image") or {}).get("ani") or ""))
            if image:
                node["image_os"] = image
            out[str(n.get("name") or f"node{i}")] = node
    return {"schema": SNAPSHOT_SCHEMA, "phase": our_phase,
            "taken_at": phase_doc.get("captured_at") if isinstance(phase_doc, dict) else None,
            "nodes": out}


def image_os(ani: str) -> str | None:
    """The study's OS id from its image name: `antrieb:rhel9.8:v1` → `rhel9`,
    `antrieb:ubuntu24.04:v1` → `ubuntu24`, `antrieb:vyos:v1` → `vyos`."""
    parts = ani.split(":")
    if len(parts) < 2 or not parts[1]:
        return None
    m = re.fullmatch(r"([a-z-]+?)(\d+)?(?:\.\d+)?", parts[1])
    return (m.group(1) + (m.group(2) or "")) if m else parts[1]


def platform_os(node: Mapping[str, Any]) -> str | None:
    """`ubuntu24`, `almalinux9`, `rhel10`, `alpine`, `vyos`: the study's OS ids, from the image
    the node was made from, else from its os-release."""
    if node.get("image_os"):
        return str(node["image_os"])
    rel = node.get("os_release") or {}
    os_id = str(rel.get("ID") or "").lower()
    if not os_id:
        return None
    version = str(rel.get("VERSION_ID") or "")
    if os_id == "alpine":
        return "alpine"
    if os_id == "centos":
        return f"centos-stream{version.split('.')[0]}"
    return f"{os_id}{version.split('.')[0]}" if version else os_id
