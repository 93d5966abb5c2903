"""Import run folders in the reference study's published layout (Harbor trial folders) into
opsbench's record layout, so one code analyses both.

A trial folder holds `result.json`, `agent/executor-commands.jsonl` (a `requested` record and a
completion record per command, sharing `command_id`), `verifier/*.json` and collector snapshots.
The exact field names of that data set are not published as a schema, so every field is looked
up under the names it plausibly has (see `_F`); the assumptions are listed in docs/findings.md.
What cannot be done without — the result, the command log, a command's text — is a clear error
naming the file.
"""
from __future__ import annotations

import hashlib
import re
import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

import msgspec

from reports.records import RecordError, epoch, read_json, write_json_atomic, write_text_atomic

# Names each field may go by, most likely first.
_F: dict[str, tuple[str, ...]] = {
    "id": ("command_id", "id", "request_id", "call_id"),
    "event": ("event", "type", "kind", "status", "state"),
    "node": ("node", "node_name", "host", "hostname", "machine", "vm", "target"),
    "command": ("command", "cmd", "script", "input"),
    "exit": ("exit_code", "returncode", "return_code", "rc", "exit_status", "status_code"),
    "stdout": ("stdout", "output", "out"),
    "stderr": ("stderr", "error_output", "err"),
    "requested_at": ("requested_at", "started_at", "start_time", "timestamp", "ts", "time",
                     "created_at", "at"),
    "completed_at": ("completed_at", "finished_at", "ended_at", "end_time", "timestamp", "ts",
                     "time", "at"),
    "duration_ms": ("duration_ms", "elapsed_ms", "runtime_ms"),
    "duration_s": ("duration_s", "duration", "elapsed_s", "elapsed", "runtime_s"),
    "timed_out": ("timed_out", "timeout", "is_timeout"),
    "error": ("transport_error", "error", "exception", "error_message"),
}
_REQUESTED = frozenset({"requested", "request", "requested_command", "command_requested", "start",
                        "started", "submitted", "pending"})
_PHASES = (  # snapshot file/key name fragments → our phase names (first match wins)
    ("post_reboot", ("post_reboot", "post-reboot", "after_reboot", "after-reboot", "reboot")),
    ("pre_prepare", ("pre_prepare", "pre-prepare", "before_prepare", "initial", "baseline",
                     "pre_setup", "before_setup")),
    ("post_prepare", ("post_prepare", "post-prepare", "pre_agent", "pre-agent", "before_agent",
                      "prepared", "post_setup", "after_setup")),
    ("post_agent", ("post_agent", "post-agent", "after_agent", "after-agent", "final", "post_run",
                    "after")),
)
_PASS = frozenset({"passed", "pass", "success", "succeeded", "satisfied", "met", "true", "yes",
                   "resolved", "completed"})
_FAIL = frozenset({"failed", "fail", "failure", "not_satisfied", "unsatisfied", "not met",
                   "not_met", "false", "no", "unresolved", "partially_satisfied", "partial"})
_FAMILIES = (("network", ("vyos", "opnsense", "openwrt", "sonic")), ("alpine", ("alpine",)),
             ("ubuntu", ("ubuntu",)), ("debian", ("debian",)),
             ("rhel", ("rhel", "alma", "centos", "rocky", "fedora", "ol", "redhat")))


def _get(d: Mapping[str, Any], field: str) -> Any:
    for k in _F[field]:
        if d.get(k) is not None:
            return d[k]
    return None


def _path(d: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(d, dict):
            return None
        d = d.get(part)
    return d


def _first(d: Mapping[str, Any], *dotted: str) -> Any:
    for p in dotted:
        v = _path(d, p)
        if v not in (None, "", [], {}):
            return v
    return None


def _present(d: Mapping[str, Any], *keys: str) -> Any:
    """The first of `keys` present (an empty list is data: nothing failed, no files)."""
    return next((d[k] for k in keys if d.get(k) is not None), None)


def find_trials(folder: Path) -> list[Path]:
    """Trial folders under `folder` (itself included)."""
    trials = {p.parent.parent for p in folder.rglob("executor-commands.jsonl")
              if p.parent.name == "agent"}
    trials |= {p.parent for p in folder.rglob("result.json") if (p.parent / "verifier").is_dir()}
    return sorted(trials)


def import_folder(folder: Path, out: Path) -> Path:
    """Convert every trial under `folder` into run folders of a new sweep at `out`."""
    folder, out = Path(folder), Path(out)
    if not folder.is_dir():
        raise RecordError(f"{folder}: no such directory")
    trials = find_trials(folder)
    if not trials:
        raise RecordError(f"{folder}: no Harbor trial folders found (expected <trial>/result.json "
                          "and <trial>/agent/executor-commands.jsonl)")
    now = datetime.now(timezone.utc).isoformat()
    out.mkdir(parents=True, exist_ok=True)
    for trial in trials:
        convert_trial(trial, out)
    write_json_atomic(out / "sweep.json", {
        "schema": "opsbench.sweep/1", "sweep_id": out.name, "imported_from": str(folder),
        "format": "harbor", "started_at": now, "finished_at": now,
        "argv": ["python", "-m", "reports", "import", str(folder)]})
    return out


def read_commands(path: Path) -> list[dict[str, Any]]:
    """Our commands.jsonl records from the paired requested/completion records."""
    if not path.is_file():
        raise RecordError(f"{path}: missing (the agent's command log is required)")
    pairs: dict[str, dict[str, Any]] = {}
    order: list[str] = []
    lines = path.read_bytes().splitlines()
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rec = msgspec.json.decode(line)
        except msgspec.DecodeError:
            if n == len(lines):
                continue  # a torn last line
            raise RecordError(f"{path}:{n}: not valid JSON") from None
        if not isinstance(rec, dict):
            raise RecordError(f"{path}:{n}: expected a JSON object")
        cid = str(_get(rec, "id") or f"line{n}")
        event = str(_get(rec, "event") or "").lower()
        is_request = event in _REQUESTED or (_get(rec, "exit") is None and not event
                                             and _get(rec, "stdout") is None)
        slot = pairs.setdefault(cid, {})
        if cid not in order:
            order.append(cid)
        slot["req" if is_request and "req" not in slot else "done"] = rec
    out = []
    for seq, cid in enumerate(order, start=1):
        req, done = pairs[cid].get("req") or {}, pairs[cid].get("done") or {}
        text = _get(req, "command") or _get(done, "command")
        if text is None:
            raise RecordError(f"{path}: command {cid!r} has no command text "
                              f"(looked for {', '.join(_F['command'])})")
        out.append(_command(seq, req, done, str(text)))
    return out


def _command(seq: int, req: Mapping[str, Any], done: Mapping[str, Any], text: str) -> dict[str, Any]:
    started = _get(req, "requested_at") or _get(done, "requested_at")
    ended = _get(done, "completed_at") if done else None
    ms = _get(done, "duration_ms")
    if ms is None and _get(done, "duration_s") is not None:
        ms = float(_get(done, "duration_s")) * 1000
    if ms is None:
        t0, t1 = epoch(_iso(started)), epoch(_iso(ended))
        ms = (t1 - t0) * 1000 if t0 is not None and t1 is not None and t1 >= t0 else 0
    exit_code = _get(done, "exit")
    event = str(_get(done, "event") or "").lower()
    timed_out = bool(_get(done, "timed_out")) or "timeout" in event or "timed_out" in event
    error = _get(done, "error")
    if not done:
        error = "no completion record"
    return {
        "id": f"c{seq:04d}", "seq": seq, "phase": "agent", "source": "agent",
        "node": str(_get(req, "node") or _get(done, "node") or "node1"), "user": "root",
        "command": text, "started_at": _iso(started) or "", "duration_ms": int(ms),
        "exit_code": int(exit_code) if isinstance(exit_code, (int, float)) and not isinstance(
            exit_code, bool) else None,
        "stdout": str(_get(done, "stdout") or ""), "stderr": str(_get(done, "stderr") or ""),
        "truncated": False, "output_cap": 0, "timed_out": timed_out,
        "transport_error": None if (exit_code is not None or timed_out or not error) else str(error),
    }


def _iso(ts: Any) -> str | None:
    """A timestamp as ISO-8601 UTC (accepts ISO strings and POSIX seconds)."""
    if ts is None or ts == "":
        return None
    if isinstance(ts, (int, float)):
        return datetime.fromtimestamp(float(ts), timezone.utc).isoformat()
    t = epoch(str(ts))
    return None if t is None else datetime.fromtimestamp(t, timezone.utc).isoformat()


def _phase_of(name: str) -> str | None:
    low = name.lower()
    for phase, fragments in _PHASES:
        if any(f in low for f in fragments):
            return phase
    return None


def _snapshot_sources(trial: Path) -> dict[str, Any]:
    """Phase → raw snapshot, from snapshot files or a global-observations document."""
    found: dict[str, Any] = {}
    files = [p for d in ("snapshots", "collector", "snapshot", "observations")
             for p in sorted((trial / d).glob("*.json"))]
    files += sorted((trial / "verifier").glob("*snapshot*.json"))
    for p in files:
        phase = _phase_of(p.stem)
        if phase and phase not in found:
            found[phase] = read_json(p)
    obs = trial / "verifier" / "global-observations.json"
    if obs.is_file():
        doc = read_json(obs)
        container = _first(doc, "snapshots", "states") if isinstance(doc, dict) else None
        source = container if isinstance(container, dict) else doc
        if isinstance(source, dict):
            for key, value in source.items():
                phase = _phase_of(str(key))
                if phase and phase not in found and isinstance(value, (dict, list)):
                    found[phase] = value
    return found


def _node_snapshot(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Our node snapshot from a collector's: known keys kept, plausible others translated."""
    node: dict[str, Any] = {k: v for k, v in raw.items() if k in _OUR_NODE_KEYS}
    node["ok"] = not raw.get("error") and raw.get("ok", True) is not False
    if raw.get("error"):
        node["error"] = str(raw["error"])
    tmp = _present(raw, "tmp_files", "files_under_tmp", "temp_files")
    if "files" not in node and tmp is not None:
        node["files"] = ({str(p): {} for p in tmp} if isinstance(tmp, list) else
                         {str(k): v if isinstance(v, dict) else {"sha256": v} for k, v in tmp.items()}
                         if isinstance(tmp, dict) else {})
    failed = _present(raw, "failed_services", "failed_units")
    if "units" not in node and isinstance(failed, list):
        node["units"] = {str(u if not isinstance(u, dict) else u.get("unit") or u.get("name")):
                         {"active": "failed", "sub": "failed", "enabled": None} for u in failed}
    ports = _present(raw, "listening_ports", "ports", "sockets")
    if "listening" not in node and isinstance(ports, list):
        node["listening"] = [p if isinstance(p, dict) else {"proto": "tcp", "local": f"*:{p}",
                                                           "process": ""} for p in ports]
    health = _present(raw, "package_manager", "package_manager_health", "pkg_manager")
    if "pkg_health" not in node and health is not None:
        node["pkg_health"] = health if isinstance(health, dict) else {"ok": bool(health), "detail": ""}
    rel = _present(raw, "os_release", "os-release", "os")
    if "os_release" not in node and isinstance(rel, dict):
        node["os_release"] = rel
    return node


_OUR_NODE_KEYS = frozenset({"ok", "boot_id", "kernel", "hostname", "os_release", "files", "secrets",
                            "packages", "repos", "repo_urls", "users", "groups", "sudoers",
                            "crontabs", "units", "listening", "processes", "firewall", "mounts",
                            "etc", "pkg_health", "disk", "error"})


def _snapshot(phase: str, raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict) and isinstance(raw.get("nodes"), (dict, list)):
        raw = raw["nodes"]
    if isinstance(raw, list):
        nodes_raw = {str(n.get("node") or n.get("name") or n.get("host") or f"node{i + 1}"): n
                     for i, n in enumerate(raw) if isinstance(n, dict)}
    elif isinstance(raw, dict) and raw and all(isinstance(v, dict) for v in raw.values()):
        nodes_raw = raw
    else:  # a single machine's snapshot
        nodes_raw = {"node1": raw if isinstance(raw, dict) else {}}
    return {"schema": "opsbench.snapshot/1", "phase": phase, "taken_at": None,
            "nodes": {str(k): _node_snapshot(v) for k, v in nodes_raw.items()}}


def _outcome(result: Mapping[str, Any], report: Mapping[str, Any] | None) -> str:
    if report:
        v = _first(report, "outcome", "verdict", "overall.outcome", "overall.verdict", "result",
                   "passed", "status", "overall_status")
        if v is not None:
            s = str(v).lower()
            if s in _PASS:
                return "passed"
            if s in _FAIL:
                return "failed"
    reward = _first(result, "verifier_result.rewards.reward", "verifier_result.reward", "reward",
                    "score")
    if isinstance(reward, (int, float)):
        return "passed" if reward >= 1 else "failed"
    if _first(result, "exception_info", "error"):
        return "error"
    return "failed"


def _requirements(report: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    items = _first(report or {}, "requirements", "results", "criteria", "evaluations",
                   "requirement_results")
    out = []
    for i, r in enumerate(items if isinstance(items, list) else [], start=1):
        if not isinstance(r, dict):
            continue
        raw = str(_first(r, "status", "verdict", "result", "satisfied", "passed") or "").lower()
        status = "satisfied" if raw in _PASS else "not_satisfied" if raw in _FAIL else "error"
        ids = _first(r, "command_ids", "evidence_ids", "evidence")
        out.append({"id": str(_first(r, "id", "requirement_id") or f"req-{i}"),
                    "text": str(_first(r, "text", "requirement", "description") or ""),
                    "status": status, "detail": str(_first(r, "summary", "reason", "rationale") or ""),
                    "command_ids": [str(x) for x in ids] if isinstance(ids, list) else []})
    return out


def _family(os_id: str) -> str:
    low = os_id.lower()
    for family, prefixes in _FAMILIES:
        if any(low.startswith(p) for p in prefixes):
            return family
    return "unknown"


def _os_label(rel: Any) -> str | None:
    if isinstance(rel, dict) and rel.get("ID"):
        return f"{rel['ID']}{str(rel.get('VERSION_ID') or '').replace('.', '')}"
    return None


def convert_trial(trial: Path, out: Path) -> Path:
    result_path = trial / "result.json"
    if not result_path.is_file():
        raise RecordError(f"{result_path}: missing (each trial needs its result)")
    result = read_json(result_path)
    if not isinstance(result, dict):
        raise RecordError(f"{result_path}: expected a JSON object")
    commands = read_commands(trial / "agent" / "executor-commands.jsonl")
    report_path = trial / "verifier" / "evaluation-report.json"
    report = read_json(report_path) if report_path.is_file() else None
    report = report if isinstance(report, dict) else None
    snapshots = {p: _snapshot(p, raw) for p, raw in _snapshot_sources(trial).items()}

    node_os: dict[str, str] = {}
    for snap in snapshots.values():
        for name, node in snap["nodes"].items():
            label = _os_label(node.get("os_release"))
            if label:
                node_os.setdefault(name, label)
    task = str(_first(result, "task_name", "task_id", "task.name", "metadata.task")
               or re.sub(r"__[A-Za-z0-9]+$", "", trial.name))
    os_id = str(_first(result, "os", "image", "metadata.os", "task.os", "config.environment.os")
                or next(iter(sorted(set(node_os.values()))), None) or "unknown")
    category = str(_first(result, "category", "metadata.category", "task.category") or "unknown")
    started = _iso(_first(result, "started_at", "start_time")) or (commands[0]["started_at"] if commands else None)
    finished = _iso(_first(result, "finished_at", "end_time"))
    agent_start = _iso(_first(result, "agent_execution.started_at"))
    agent_end = _iso(_first(result, "agent_execution.finished_at"))
    if agent_start and agent_end:
        agent_s = (epoch(agent_end) or 0) - (epoch(agent_start) or 0)
    else:
        spans = [(epoch(c["started_at"]), c["duration_ms"]) for c in commands if c["started_at"]]
        spans = [(t, ms) for t, ms in spans if t is not None]
        agent_s = (max(t + ms / 1000 for t, ms in spans) - min(t for t, _ in spans)) if spans else 0.0
    outcome = _outcome(result, report)
    exc = _first(result, "exception_info")
    requirements = _requirements(report)
    nodes = sorted({c["node"] for c in commands} | {n for s in snapshots.values() for n in s["nodes"]})
    digest = hashlib.sha1(str(trial.resolve()).encode()).hexdigest()[:6]
    stamp = (datetime.fromtimestamp(epoch(started), timezone.utc).strftime("%Y%m%dT%H%M%S")
             if started and epoch(started) is not None else "19700101T000000")
    run_id = f"{stamp}-{digest}"
    run_dir = out / _safe(task) / _safe(os_id) / run_id
    (run_dir / "snapshots").mkdir(parents=True, exist_ok=True)
    write_json_atomic(run_dir / "run.json", {
        "schema": "opsbench.run/1", "run_id": run_id, "sweep_id": out.name, "task": task,
        "category": category, "os": os_id, "family": _family(os_id),
        "agent": str(_first(result, "agent_info.name", "config.agent.name", "agent") or "harbor"),
        "model": _first(result, "agent_info.model_info.name", "config.agent.model_name", "model"),
        "host": None, "node_count": max(1, len(nodes)), "persist": "post_reboot" in snapshots,
        "attempt": 1, "started_at": started, "finished_at": finished,
        "phases": [{"name": "agent", "started_at": agent_start or started,
                    "duration_s": round(agent_s, 3), "ok": True, "error": None}],
        "outcome": outcome,
        "error": {"type": "infrastructure", "phase": None,
                  "message": str(_first(exc, "exception_message", "exception_type") or exc)}
        if outcome == "error" and exc else None,
        "failed_requirements": [r["id"] for r in requirements if r["status"] != "satisfied"],
        "agent_status": _first(result, "agent_status", "agent_result.status"),
        "imported_from": str(trial),
    })
    (run_dir / "commands.jsonl").write_bytes(b"".join(msgspec.json.encode(c) + b"\n" for c in commands))
    for phase, snap in snapshots.items():
        write_json_atomic(run_dir / "snapshots" / f"{phase}.json", snap)
    write_json_atomic(run_dir / "topology.json",
                      {"nodes": [{"name": n, "os": node_os.get(n, os_id)} for n in nodes]})
    write_text_atomic(run_dir / "task" / "task.toml",
                      f'id = "{task}"\ncategory = "{category}"\n\n[expected]\n')
    if requirements:
        write_json_atomic(run_dir / "verifier" / "checks.json", {"post_agent": requirements})
    for name in ("evaluation-report.json", "global-observations.json", "executor-evidence.json"):
        if (trial / "verifier" / name).is_file():
            (run_dir / "verifier").mkdir(exist_ok=True)
            shutil.copyfile(trial / "verifier" / name, run_dir / "verifier" / name)
    return run_dir


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name) or "unknown"
