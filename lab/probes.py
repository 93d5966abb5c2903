"""Snapshots: the probe (probe.sh) on every node in one round trip each, parsed into the
structure of docs/records.md (snapshots/<phase>.json)."""
from __future__ import annotations

import concurrent.futures as cf
import re
from pathlib import Path
from typing import Callable

from lab.result import CommandResult
from records import SNAPSHOT_SCHEMA

PROBE = Path(__file__).with_name("probe.sh").read_text()

Runner = Callable[[str, str], CommandResult]  # (node, command) → result


def probe_command() -> str:
    return f"sh -s <<'OPSBENCH_PROBE'\n{PROBE}\nOPSBENCH_PROBE"


def sections(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("@@") and " " not in line:
            current = line[2:]
            out[current] = []
        elif current is not None and line != "":
            out[current].append(line)
    return out


def _sha_lines(lines: list[str]) -> dict[str, str]:
    found = {}
    for ln in lines:
        digest, _, path = ln.partition("  ")
        if path:
            found[path] = digest
    return found


def _fingerprint_line(line: str) -> dict | None:
    """`2048 SHA256:abc… comment words (RSA)` (ssh-keygen -l) → fingerprint, comment, type."""
    m = re.match(r"\s*\d+\s+(\S+)\s*(.*?)\s*\((\w[\w-]*)\)\s*$", line)
    if not m:
        return None
    return {"fingerprint": m.group(1), "comment": m.group(2), "type": m.group(3)}


def parse(text: str) -> dict:
    sec = sections(text)
    if "end" not in sec:
        raise ValueError("probe output incomplete (no end marker)")
    one = lambda k: (sec.get(k) or [""])[0].strip()
    hashes = _sha_lines(sec.get("hashes", []))
    files = {}
    for ln in sec.get("files", []):
        parts = ln.split("|", 4)
        if len(parts) == 5:
            size, mtime, mode, owner, path = parts
            files[path] = {"size": int(size), "mtime": int(float(mtime)), "mode": mode, "owner": owner,
                           "sha256": hashes.get(path)}
    secrets: dict[str, list[str]] = {}
    for kind in ("private_key", "password_hash", "token"):
        for path in sec.get(f"secret_{kind}", []):
            secrets.setdefault(path, []).append(kind)
    authorized_keys: dict[str, list[dict]] = {}
    for ln in sec.get("authorized_keys", []):
        path, _, line = ln.partition("|")
        key = _fingerprint_line(line)
        if key:
            authorized_keys.setdefault(path, []).append(key)
    fingerprints: dict[str, dict] = {}
    for ln in sec.get("key_fingerprints", []):
        path, _, line = ln.partition("|")
        key = _fingerprint_line(line)
        if key:
            fingerprints[path] = key
    for ln in sec.get("cert_fingerprints", []):
        path, _, rest = ln.partition("|")
        fp = re.search(r"Fingerprint=([0-9A-F:]+)", rest)
        subject = re.search(r"subject=\s*([^|]*)", rest)
        if fp:
            fingerprints[path] = {"fingerprint": "SHA256:" + fp.group(1).replace(":", "")[:64],
                                  "comment": (subject.group(1).strip() if subject else ""),
                                  "type": "X.509 certificate"}
    packages = {}
    for ln in sec.get("packages", []):
        name, _, rest = ln.partition("|")
        version, _, status = rest.partition("|")
        if name and status.startswith("i"):
            packages[name] = version
    users = {}
    for ln in sec.get("passwd", []):
        f = ln.split(":")
        if len(f) >= 7:
            users[f[0]] = {"uid": int(f[2]), "gid": int(f[3]), "home": f[5], "shell": f[6]}
    groups = {}
    for ln in sec.get("group", []):
        f = ln.split(":")
        if len(f) >= 4:
            groups[f[0]] = {"gid": int(f[2]), "members": [m for m in f[3].split(",") if m]}
    units = {}
    for ln in sec.get("units", []):
        f = ln.split(None, 4)
        if len(f) >= 4:
            units[f[0]] = {"load": f[1], "active": f[2], "sub": f[3], "enabled": None}
    for name in sec.get("unit_enabled", []):
        units.setdefault(name, {"load": None, "active": "inactive", "sub": "dead", "enabled": None})
        units[name]["enabled"] = "enabled"
    for ln in sec.get("openrc", []):
        f = ln.split()
        if len(f) >= 2 and not ln.startswith("Runlevel"):
            units[f[0]] = {"load": "loaded", "active": "active" if "started" in ln else "inactive",
                           "sub": f[-1].strip("[]"), "enabled": "enabled"}
    listening = []
    for ln in sec.get("listening", []):
        f = ln.split()
        if len(f) >= 5:
            proc = f[6] if len(f) > 6 else ""
            name = proc.split('"')[1] if '"' in proc else proc
            pid = re.search(r"pid=(\d+)", proc)
            listening.append({"proto": f[0], "local": f[4], "process": name,
                              "pid": int(pid.group(1)) if pid else None})
    processes = []
    for ln in sec.get("processes", []):
        f = ln.split(None, 3)
        if len(f) >= 3 and f[0].isdigit():
            processes.append({"pid": int(f[0]), "user": f[1], "comm": f[2],
                              "args": f[3] if len(f) > 3 else f[2]})
    for ln in sec.get("processes_units", []):
        f = ln.split(None, 4)
        if len(f) >= 4 and f[0].isdigit():
            processes.append({"pid": int(f[0]), "user": f[1], "comm": f[3],
                              "args": f[4] if len(f) > 4 else f[3],
                              "unit": None if f[2] == "-" else f[2]})
    mounts = []
    for ln in sec.get("mounts", []):
        f = ln.split()
        if len(f) >= 4:
            mounts.append({"source": f[0], "target": f[1], "fstype": f[2], "options": f[3]})
    etc = _sha_lines(sec.get("etc", []))
    for ln in sec.get("etc_links", []):
        path, _, target = ln.partition("|")
        etc[path] = f"-> {target}"
    owners: dict[str, str] = {}
    for ln in sec.get("pkg_files", []):
        package, _, path = ln.partition("|")
        if package and path.startswith("/"):
            owners.setdefault(path.rstrip("/") or "/", package)
    health = sec.get("pkg_health", [])
    rc = health[0].removeprefix("rc=") if health else "?"
    detail = "\n".join(health[1:]).strip()
    disk = {}
    for ln in sec.get("disk", []):
        f = ln.split()
        if len(f) >= 6 and f[1].isdigit():
            disk[f[5]] = {"size_kb": int(f[1]), "used_kb": int(f[2]), "avail_kb": int(f[3])}
    tools = [t for t, k in (("nftables", "fw_nft"), ("iptables", "fw_iptables"),
                            ("firewalld", "fw_firewalld")) if sec.get(k)]
    os_release = {}
    for ln in sec.get("os_release", []):
        k, _, v = ln.partition("=")
        if k:
            os_release[k] = v.strip('"')
    return {
        "ok": True, "boot_id": one("boot_id"), "kernel": one("kernel"), "hostname": one("hostname"),
        "os_release": os_release, "files": files, "secrets": secrets, "packages": packages,
        "authorized_keys": authorized_keys, "fingerprints": fingerprints,
        "repos": _sha_lines(sec.get("repos", [])), "repo_urls": sec.get("repo_urls", []),
        "users": users, "groups": groups, "sudoers": _sha_lines(sec.get("sudoers", [])),
        "crontabs": _sha_lines(sec.get("crontabs", [])), "units": units, "listening": listening,
        "processes": processes,
        "firewall": {"tools": tools,
                     "runtime": {"nft": "\n".join(sec.get("fw_nft", [])),
                                 "iptables": "\n".join(sec.get("fw_iptables", [])),
                                 "firewalld": "\n".join(sec.get("fw_firewalld", []))},
                     "saved": _sha_lines(sec.get("fw_saved", []))},
        "mounts": mounts, "etc": etc, "owners": owners,
        "auto_packages": sorted({ln.strip().split(":")[0] for ln in sec.get("pkg_auto", []) if ln.strip()}),
        "pkg_health": {"ok": rc == "0" and not detail, "detail": detail[:4000]},
        "disk": disk,
    }


def snapshot(nodes: list[str], run: Runner, phase: str, taken_at: str) -> dict:
    def one(node: str) -> dict:
        res = run(node, probe_command())
        if res.exit_code is None:
            return {"ok": False, "error": res.transport_error or "probe timed out"}
        try:
            return parse(res.stdout)
        except ValueError as exc:
            return {"ok": False, "error": f"{exc}; stderr: {res.stderr[-500:]}"}
    with cf.ThreadPoolExecutor(max(1, len(nodes))) as pool:
        results = dict(zip(nodes, pool.map(one, nodes)))
    return {"schema": SNAPSHOT_SCHEMA, "phase": phase, "taken_at": taken_at, "nodes": results}


# -- appliance probes (lab/appliances.py): one command per probe, one round trip per node ------

_MARK = "::opsbench-probe::"


def appliance_command(probes: dict[str, str]) -> str:
    # POSIX sh: vendor shells (ash, vbash, /bin/sh) run it too
    parts = [f"echo '{_MARK}{name}'; out=$( ( {cmd} ) 2>&1 ); rc=$?; "
             f"printf '%s\\n' \"$out\" | head -c 200000; echo \"{_MARK}rc $rc\""
             for name, cmd in probes.items()]
    return "\n".join(parts)


def parse_appliance(stdout: str) -> dict[str, dict]:
    """{probe: {"output": text, "rc": int}} from appliance_command's output."""
    out: dict[str, dict] = {}
    name, lines = None, []
    for line in stdout.splitlines():
        if line.startswith(_MARK):
            tag = line[len(_MARK):]
            if tag.startswith("rc ") and name is not None:
                out[name] = {"output": "\n".join(lines).rstrip("\n"), "rc": int(tag[3:] or -1)}
                name, lines = None, []
            else:
                name, lines = tag, []
        elif name is not None:
            lines.append(line)
    return out
