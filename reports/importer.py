"""Import the reference study's trial folders (Harbor trials, as published in `open-sudo/infraset`)
into opsbench's record layout, so one code analyses both.

Both published layouts are read: `jobs/<category>/<os>/<task>-<os>/<job>/<trial>/` and
`jobs/<job number>/<job>/<task>-bash-<os>-<number>/<trial>/`; a trial found in both (same
`<task>__<id>` folder, each copy with part of its files) is one run, its copies' files joined. A
trial holds `result.json`,
`config.json`, `agent/executor-commands.jsonl` (a `requested` record and a completion record per
command, sharing `command_id`), `verifier/evaluation-report.json`,
`verifier/global-observations.json` and the collector's snapshots (`reports.study_snapshots`).

What is in the records is kept as the study recorded it: its command ids (so its verdicts'
evidence resolves), both attempts of a retried command, its reward and per-requirement statuses.
What is missing or damaged (no result.json, no reward, a completion without a request, a torn
last line) never aborts the import and never silently changes a count: the run imports with a
warning in run.json (`import_warnings`), counted in summary.md.
"""
from __future__ import annotations

import hashlib
import re
import tempfile
import tomllib
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Mapping, Sequence

import msgspec

from reports import study_snapshots as snaps
from reports.asked_for import asked_for, expected_toml
from records import (RUN_SCHEMA, SWEEP_SCHEMA, RecordError, SweepPaths, epoch, study_command_log,
                     write_json, write_jsonl, write_text)

# The study's OS ids → opsbench's catalog ids (lab/catalog.toml), for comparing with our sweeps.
CATALOG_OS = {"almalinux9": "alma9", "centos-stream10": "centos-stream10", "rhel7": "rhel79",
              "rhel9": "rhel98", "rhel10": "rhel100", "ubuntu16": "ubuntu1604",
              "ubuntu24": "ubuntu2404", "alpine": "alpine", "vyos": "vyos",
              "opnsense": "opnsense", "openwrt": "openwrt", "sonic": "sonic"}
_NETWORK_OS = ("vyos", "opnsense", "openwrt", "sonic")
_FAMILIES = (("network", _NETWORK_OS), ("alpine", ("alpine",)), ("ubuntu", ("ubuntu",)),
             ("debian", ("debian",)), ("rhel", ("rhel", "alma", "centos", "rocky", "fedora")))
_OS_SUFFIX = re.compile(r"-(alma(linux)?\d+|centos-stream\d+|rhel\d+|ubuntu\d+|alpine|debian\d+"
                        r"|vyos|opnsense|openwrt|sonic)$")
_VARIANT = re.compile(r"^(?P<task>.+)-bash-(?P<os>[a-z0-9-]+?)-(?P<number>\d+)$")
_JOB = re.compile(r"^\d{4}-\d\d-\d\d__\d\d-\d\d-\d\d$")
# Executor-level failures: the command's own exit status never came back.
_TRANSPORT = re.compile(r"\[Errno \d+\]|stream closed|connection (reset|refused|closed|lost)"
                        r"|broken pipe|EOF|no route to host|not connected", re.I)
_TIMEOUT = re.compile(r"time(d)?[ _-]?out|deadline exceeded", re.I)
# What the executor's own ssh client prints when the node is gone (rebooting, down): exit 255
# with these lines alone. Each names the host it failed to reach.
_SSH_LOST = re.compile(r"^(ssh: connect to host (?P<a>\S+) port \d+: .+|Connection to (?P<b>\S+) "
                       r"closed by remote host\.?|Connection closed by (?P<c>\S+) port \d+"
                       r"|(kex|ssh)_exchange_identification: .+)$")
# a command that runs a remote-shell client of its own may get 255 from it: never the executor's
_REMOTE = re.compile(r"(?<![\w./-])(ssh|scp|sftp|rsync|sshpass)(?![\w.-])")
_STATUS = {"satisfied": "satisfied", "not_satisfied": "not_satisfied",
           "partially_satisfied": "not_satisfied", "unsatisfied": "not_satisfied",
           "failed": "not_satisfied", "passed": "satisfied"}


class _Warnings:
    """The run's import warnings: (kind, detail), kinds counted in summary.md."""

    def __init__(self) -> None:
        self.items: list[dict[str, str]] = []

    def add(self, kind: str, detail: str) -> None:
        self.items.append({"kind": kind, "detail": detail})


def _path(d: Any, dotted: str) -> Any:
    for part in dotted.split("."):
        if not isinstance(d, dict):
            return None
        d = d.get(part)
    return d


def _read_json(path: Path, warn: _Warnings) -> Any:
    """The parsed file; None (with a warning) when it is missing or does not parse."""
    try:
        return msgspec.json.decode(path.read_bytes())
    except FileNotFoundError:
        return None
    except msgspec.DecodeError as e:
        warn.add("unreadable_file", f"{path.name}: not valid JSON ({e})")
        return None


def _read_toml(path: Path, warn: _Warnings) -> dict[str, Any] | None:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        warn.add("unreadable_file", f"{path.name}: not valid TOML ({e})")
        return None


def find_trials(folder: Path) -> list[Path]:
    """Trial folders under `folder` (itself included): a folder with an `agent/` command log, a
    `verifier/` report or observations, or a result.json beside `agent/` or `verifier/`."""
    found: set[Path] = set()
    for p in folder.rglob("executor-commands.jsonl"):
        agent = next((a for a in p.parents if a.name == "agent"), None)
        if agent is not None:
            found.add(agent.parent)
    for name in ("evaluation-report.json", "global-observations.json"):  # the study's names
        found.update(p.parent.parent for p in folder.rglob(name) if p.parent.name == "verifier")
    found.update(p.parent for p in folder.rglob("result.json")
                 if (p.parent / "agent").is_dir() or (p.parent / "verifier").is_dir())
    return sorted(found)


_TRIAL_NAME = re.compile(r".+__[A-Za-z0-9]{5,}$")  # the study's `<task>__<random id>`


def trial_copies(trials: Iterable[Path]) -> list[tuple[Path, ...]]:
    """The study publishes a trial in both layouts, each copy holding some of its files: copies
    (same `<task>__<id>` folder name) are one trial. The category-layout copy comes first (its
    folders name the category)."""
    groups: dict[str, list[Path]] = {}
    for t in trials:
        groups.setdefault(t.name if _TRIAL_NAME.match(t.name) else str(t), []).append(t)

    def numbered(p: Path) -> bool:
        parts = p.parts
        return "jobs" in parts and parts.index("jobs") + 1 < len(parts) and parts[parts.index("jobs") + 1].isdigit()
    return sorted(tuple(sorted(g, key=lambda p: (numbered(p), str(p)))) for g in groups.values())


def join_copies(copies: Sequence[Path], where: Path) -> Path:
    """One folder under `where` with each file of the copies as a symlink (the first copy's where
    several hold it), its parent likewise holding the copies' variant- or job-level files."""
    trial = where / copies[0].name
    for copy in copies:
        for f in sorted(copy.rglob("*")):
            dest = trial / f.relative_to(copy)
            if f.is_file() and not dest.exists():
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.symlink_to(f.resolve())
        for f in sorted(copy.parent.iterdir()):
            if f.is_file() and not (where / f.name).exists():
                (where / f.name).symlink_to(f.resolve())
    return trial


def _convert_copies(copies: tuple[Path, ...], out: Path, base: Path) -> Path:
    if len(copies) == 1:
        return convert_trial(copies[0], out, base)
    with tempfile.TemporaryDirectory(prefix="ob-joined-") as tmp:
        return convert_trial(join_copies(copies, Path(tmp)), out, base, copies=copies)


def import_folder(folder: Path, out: Path, workers: int | None = 1) -> Path:
    """Convert every trial under `folder` into run folders of a new sweep at `out`."""
    folder, out = Path(folder), Path(out)
    if not folder.is_dir():
        raise RecordError(f"{folder}: no such directory (give the folder that holds the study's "
                          "trial folders, e.g. a clone's jobs/)")
    trials = find_trials(folder)
    if not trials:
        raise RecordError(f"{folder}: no trial folders found (expected <trial>/result.json, "
                          "<trial>/agent/executor-commands.jsonl or <trial>/verifier/)")
    now = datetime.now(timezone.utc).isoformat()
    out.mkdir(parents=True, exist_ok=True)
    groups = trial_copies(trials)
    if workers is not None and workers > 1 and len(groups) > 8:
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(_convert_copies, groups, [out] * len(groups), [folder] * len(groups),
                          chunksize=4))
    else:
        for copies in groups:
            _convert_copies(copies, out, folder)
    write_json(SweepPaths(out).meta, {
        "schema": SWEEP_SCHEMA, "sweep_id": out.name, "imported_from": str(folder.resolve()),
        "format": "harbor", "started_at": now, "finished_at": now, "trials": len(groups),
        "argv": ["python", "-m", "reports", "import", str(folder)]})
    return out


# -- the command log ---------------------------------------------------------------------------

def _records(path: Path, warn: _Warnings) -> list[dict[str, Any]]:
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    out = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            rec = msgspec.json.decode(line)
        except msgspec.DecodeError:
            try:
                line.decode("utf-8")
            except UnicodeDecodeError:
                warn.add("non_utf8_line", f"{path.name}:{n}: not UTF-8; skipped")
                continue
            last = all(not ln.strip() for ln in lines[n:])
            warn.add("torn_line" if last else "bad_line",
                     f"{path.name}:{n}: not valid JSON; skipped")
            continue
        if isinstance(rec, dict):
            out.append(rec)
        else:
            warn.add("bad_line", f"{path.name}:{n}: not a JSON object; skipped")
    if not out:
        warn.add("empty_command_log", f"{path.name}: no command records")
    return out


def read_commands(path: Path, warn: _Warnings | None = None,
                  addresses: Mapping[str, set[str]] | None = None) -> list[dict[str, Any]]:
    """Our commands.jsonl records from the study's requested/completion pairs. A command id
    requested again (an executor retry) keeps every attempt: the first keeps the id, the later
    ones are `<id>~2`, `<id>~3`, each with `retry_of`."""
    warn = warn or _Warnings()
    attempts: list[dict[str, Any]] = []  # {"id", "req", "done"}
    open_by_id: dict[str, dict[str, Any]] = {}
    seen: dict[str, int] = {}
    for rec in _records(path, warn):
        cid = str(rec.get("command_id") or "")
        if not cid:
            warn.add("record_without_id", f"{path.name}: a record without command_id; skipped")
            continue
        if rec.get("outcome") == "requested":
            if cid in open_by_id:
                warn.add("request_without_completion", f"{cid}: requested again before it completed")
            seen[cid] = seen.get(cid, 0) + 1
            slot = {"id": cid if seen[cid] == 1 else f"{cid}~{seen[cid]}", "req": rec, "done": None,
                    "retry_of": cid if seen[cid] > 1 else None}
            attempts.append(slot)
            open_by_id[cid] = slot
            continue
        slot = open_by_id.pop(cid, None)
        if slot is None:
            warn.add("completion_without_request", f"{cid}: a completion with no request")
            seen[cid] = seen.get(cid, 0) + 1
            slot = {"id": cid if seen[cid] == 1 else f"{cid}~{seen[cid]}", "req": None,
                    "retry_of": cid if seen[cid] > 1 else None}
            attempts.append(slot)
        slot["done"] = rec
    for cid in open_by_id:
        warn.add("request_without_completion", f"{cid}: requested, never completed")
    return [_command(seq, a, warn, addresses or {}) for seq, a in enumerate(attempts, start=1)]


def executor_lost_node(text: str, stdout: str, stderr: str, addresses: set[str]) -> bool:
    """Exit 255 with only the ssh client's "connection refused / closed by remote host" lines
    about the node itself, from a command that runs no ssh of its own: the executor lost the
    node (it was rebooting or down), the command's own status never came back."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    if stdout.strip() or not lines:
        return False
    for ln in lines:
        m = _SSH_LOST.match(ln)
        host = m and (m["a"] or m["b"] or m["c"])
        if not m or (host and addresses and host not in addresses):
            return False
    return _REMOTE.search(text) is None


def _command(seq: int, a: Mapping[str, Any], warn: _Warnings,
             addresses: Mapping[str, set[str]]) -> dict[str, Any]:
    req, done = a["req"] or {}, a["done"] or {}
    text = req.get("command") if req.get("command") is not None else done.get("command")
    if text is None:
        warn.add("command_without_text", f"{a['id']}: no command text")
    started = _iso(req.get("timestamp") or done.get("timestamp"))
    ms = done.get("duration_ms")
    if not isinstance(ms, (int, float)):
        t0, t1 = epoch(_iso(req.get("timestamp"))), epoch(_iso(done.get("timestamp")))
        ms = (t1 - t0) * 1000 if t0 is not None and t1 is not None and t1 >= t0 else 0
    rc = done.get("return_code")
    node = str(req.get("node") or done.get("node") or "node1")
    stdout, stderr = str(done.get("stdout") or ""), str(done.get("stderr") or "")
    outcome = str(done.get("outcome") or "")
    said = " ".join(str(done.get(k) or "") for k in ("error", "message", "reason")).strip()
    problem = said or stderr.strip()
    exit_code, timed_out, transport = None, False, None
    if not done:
        transport = "no completion record"
    elif rc == 255 and executor_lost_node(str(text or ""), stdout, stderr,
                                          addresses.get(node, set())):
        transport = stderr.strip()[:500]
    elif isinstance(rc, int) and not isinstance(rc, bool) and rc >= 0 and outcome == "completed":
        exit_code = rc  # the command's own exit status
    elif _TRANSPORT.search(problem):  # return code -1: the executor lost the exec channel
        transport = problem[:500]
    elif _TIMEOUT.search(problem) or _TIMEOUT.search(outcome):
        timed_out = True  # the executor's or the proxy's time limit
    else:  # the executor failed and gave no exit status: not the command's failure
        transport = (problem or f"executor outcome {outcome or 'unknown'}, return code {rc}")[:500]
    return {
        "id": a["id"], "seq": seq, "phase": "agent", "source": "agent",
        "node": node, "user": "root",
        "command": str(text or ""), "started_at": started or "", "duration_ms": int(ms),
        "exit_code": exit_code, "stdout": stdout, "stderr": stderr,
        "truncated": False, "output_cap": 0, "timed_out": timed_out, "transport_error": transport,
        "executor_attempt": req.get("executor_attempt") or done.get("executor_attempt"),
        "retry_of": a.get("retry_of"),
    }


def _iso(ts: Any) -> str | None:
    """A timestamp as ISO-8601 UTC (accepts ISO strings, with `Z`, and POSIX seconds)."""
    if ts is None or ts == "":
        return None
    if isinstance(ts, (int, float)):
        return datetime.fromtimestamp(float(ts), timezone.utc).isoformat()
    t = epoch(str(ts).replace("Z", "+00:00"))
    return None if t is None else datetime.fromtimestamp(t, timezone.utc).isoformat()


# -- snapshots ---------------------------------------------------------------------------------

def _collector_attempt(trial: Path, observations: Mapping[str, Any] | None) -> Path | None:
    attempts = sorted((trial / "collector" / "attempts").glob("*/"))
    wanted = observations.get("collector_attempt") if observations else None
    if isinstance(wanted, int):
        named = [a for a in attempts if a.name.lstrip("0") == str(wanted)]
        if named:
            return named[0]
    return attempts[-1] if attempts else None


def read_snapshots(trial: Path, observations: Mapping[str, Any] | None,
                   warn: _Warnings) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """Our snapshots (phase → content) and where each came from. The collector's files of the
    attempt global-observations names come first; a phase it recorded as an alias is the phase
    it names; global-observations' own sections fill what the files lack."""
    docs: dict[str, Any] = {}
    source: dict[str, str] = {}
    attempt = _collector_attempt(trial, observations)
    manifest = (_read_json(attempt / "manifest.json", warn) if attempt else None) or \
        (observations or {}).get("collector_manifest") or {}
    if attempt:
        for f in sorted((attempt / "snapshots").glob("*.json")):
            phase = snaps.FILE_PHASES.get(f.stem)
            doc = _read_json(f, warn)
            if phase and isinstance(doc, dict):
                docs[phase] = doc
                source[phase] = str(f.relative_to(trial))
    for phase in snaps.PHASES:
        if phase not in docs and isinstance((observations or {}).get(phase), dict):
            docs[phase] = observations[phase]
            source[phase] = f"verifier/global-observations.json:{phase}"
    phases = manifest.get("phases") if isinstance(manifest, dict) else None
    for phase, info in (phases or {}).items():
        alias = info.get("same_as") if isinstance(info, dict) else None
        if phase in snaps.PHASES and alias in docs and (phase not in docs or
                                                        info.get("status") == "alias"):
            docs[phase] = docs[alias]
            source[phase] = f"alias of {alias}"
    out = {snaps.PHASES[p]: snaps.phase_snapshot(d, snaps.PHASES[p]) for p, d in docs.items()
           if p in snaps.PHASES}
    for phase, ours in snaps.PHASES.items():
        if ours not in out:
            warn.add("snapshot_missing", f"{phase}: not recorded")
    return out, {snaps.PHASES[p]: s for p, s in source.items() if p in snaps.PHASES}


# -- identity and verdict ----------------------------------------------------------------------

def _family(os_id: str) -> str:
    low = os_id.lower()
    for family, prefixes in _FAMILIES:
        if any(low.startswith(p) for p in prefixes):
            return family
    return "unknown"


def _strip_os(name: str, os_id: str | None) -> str:
    if os_id and name.endswith(f"-{os_id}"):
        return name[: -len(os_id) - 1]
    return _OS_SUFFIX.sub("", name)


_CATEGORY = re.compile(r"^([a-z0-9-]+-os-comparison|clustered-services|[a-z0-9-]+-networking)$")
_OS_DIR = re.compile(r"^(bash-)?(alma(linux)?\d+|alpine|centos-stream\d+|rhel\d+|ubuntu\d+|debian\d+"
                     r"|vyos|opnsense|openwrt|sonic)$")


def _from_parts(parts: Iterable[str]) -> dict[str, str | None]:
    """Category, OS and task from path components: a category folder, an OS folder
    (`ubuntu24`, `bash-alpine`), then the task folder `<task>-<os>` or the variant folder
    `<task>-bash-<os>-<number>`."""
    found: dict[str, str | None] = {"category": None, "os": None, "task": None}
    for part in parts:
        if _CATEGORY.match(part):
            found["category"] = part
        elif _OS_DIR.match(part):
            found["os"] = part.removeprefix("bash-")
        elif (m := _VARIANT.match(part)):
            found["os"], found["task"] = m["os"], m["task"]
    return found


def identity(trial: Path, result: Mapping[str, Any] | None,
             config: Mapping[str, Any] | None, variant: Mapping[str, Any] | None = None
             ) -> dict[str, str | None]:
    """Category, OS and task, each from the first source that names it: the variant's
    variant.toml, the task path in the trial's config.json or result.json
    (`…/tasks/<category>/<os>/<task>-<os>`, `…/tasks/bash-<os>/<category>/<task>-<os>`,
    `…/tasks/<number>/<task>-bash-<os>-<number>`), then the trial's folders (both layouts)."""
    ident: dict[str, str | None] = {
        "category": str(variant["category"]) if variant and variant.get("category") else None,
        "os": str(variant["os"]) if variant and variant.get("os") else None,
        "task": str(variant["usecase"]) if variant and variant.get("usecase") else None}
    task_path = _path(config, "task.path") or _path(result, "config.task.path") or \
        _path(result, "task_id.path")
    sources = []
    if isinstance(task_path, str):
        parts = PurePosixPath(task_path).parts
        if "tasks" in parts:
            tail = parts[parts.index("tasks") + 1:]
            sources.append((tail, tail[-1] if tail else None))
    here = trial.resolve().parts
    tail = here[here.index("jobs") + 1:-1] if "jobs" in here else here[-5:-1]
    sources.append((tail, tail[-2] if len(tail) >= 2 and _JOB.match(tail[-1]) else None))
    for parts, task_dir in sources:
        found = _from_parts(parts)
        if found["task"] is None and task_dir and not _VARIANT.match(task_dir):
            found["task"] = _strip_os(task_dir, found["os"])
        for k, v in found.items():
            if ident[k] is None and v:
                ident[k] = v
    if ident["task"] is None:
        name = str(_path(result, "task_name") or re.sub(r"__[A-Za-z0-9]+$", "", trial.name))
        ident["task"] = _strip_os(name, ident["os"])
    return ident


def trial_identity(trial: Path) -> dict[str, str | None]:
    """`identity` of a trial folder, read from its own files."""
    warn = _Warnings()
    result, config = (_read_json(trial / n, warn) for n in ("result.json", "config.json"))
    return identity(trial, result if isinstance(result, dict) else None,
                    config if isinstance(config, dict) else None,
                    _read_toml(trial.parent / "variant.toml", warn))


def task_text(trial: Path, checks: list[dict[str, Any]] | None = None, task: str | None = None) -> str:
    """What a trial's task says it asks for, for `reports.asked_for`: the study's requirement
    texts, the instruction beside the trial, the use case's description, and its own name
    ("disk-quota": the quota tools are the work)."""
    if checks is None:
        checks = requirements(_read_json(trial / "verifier" / "evaluation-report.json", _Warnings()))
    instruction = trial.parent / "instruction.md"
    name = task if task is not None else trial_identity(trial).get("task")
    return " ".join([*(c["text"] for c in checks),
                     instruction.read_text(encoding="utf-8", errors="replace")
                     if instruction.is_file() else "", usecase_description(trial, name),
                     str(name or "").replace("-", " ")])


def usecase_description(trial: Path, usecase: str | None) -> str:
    """The use case's one-paragraph description: the trial's own variant.toml, else that of any
    variant of the same use case the copy holds (`tasks/<n>/<variant>/variant.toml` beside
    `jobs/`): the study describes a use case once, the same on every OS."""
    own = _read_toml(trial.parent / "variant.toml", _Warnings()) or {}
    if own.get("description"):
        return str(own["description"])
    parts = trial.parts
    if not usecase or "jobs" not in parts:
        return ""
    tasks = Path(*parts[:parts.index("jobs")]) / "tasks"
    for variant in sorted(tasks.glob("*/*/variant.toml")) if tasks.is_dir() else []:
        data = _read_toml(variant, _Warnings()) or {}
        if data.get("usecase") == usecase and data.get("description"):
            return str(data["description"])
    return ""


def reward_of(result: Mapping[str, Any] | None,
              report: Mapping[str, Any] | None) -> tuple[float | None, str | None]:
    """The study's reward and where it came from: result.json, else the evaluation report."""
    r = _path(result, "verifier_result.rewards.reward")
    if isinstance(r, (int, float)) and not isinstance(r, bool):
        return float(r), "result.json"
    r = (report or {}).get("reward")
    if isinstance(r, (int, float)) and not isinstance(r, bool):
        return float(r), "verifier/evaluation-report.json"
    return None, None


def agent_status(result: Mapping[str, Any] | None) -> str | None:
    meta = _path(result, "agent_result.metadata") or {}
    for key in ("infraset_executor", "harbor_antrieb_executor"):
        status = _path(meta, f"{key}.status")
        if status:
            return str(status)
    return None


def requirements(report: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The study verifier's per-requirement verdicts as our check records; the study's own
    status is kept in `study_status`."""
    items = (report or {}).get("requirements")
    out = []
    for i, r in enumerate(items if isinstance(items, list) else [], start=1):
        if not isinstance(r, dict):
            continue
        raw = str(r.get("status") or "")
        ids = r.get("evidence_ids")
        out.append({"id": str(r.get("id") or f"R{i}"), "text": str(r.get("requirement") or ""),
                    "status": _STATUS.get(raw, "undecided"), "study_status": raw,
                    "detail": "", "command_ids": [str(x) for x in ids] if isinstance(ids, list) else []})
    return out


def _phase(name: str, span: Any) -> dict[str, Any] | None:
    t0, t1 = epoch(_iso(_path(span, "started_at"))), epoch(_iso(_path(span, "finished_at")))
    if t0 is None or t1 is None:
        return None
    return {"name": name, "started_at": _iso(_path(span, "started_at")),
            "duration_s": round(t1 - t0, 3), "ok": True, "error": None}


def convert_trial(trial: Path, out: Path, base: Path | None = None,
                  copies: Sequence[Path] = ()) -> Path:
    """One trial → one run folder `<out>/<task>/<os>/<trial name>`; run.json's `imported_from`
    is the trial's path below `base` (the folder imported, named in sweep.json). A trial joined
    from several `copies` (`join_copies`) is named and identified by its first copy."""
    warn = _Warnings()
    origin = copies[0] if copies else trial
    result = _read_json(trial / "result.json", warn)
    if result is None:
        warn.add("no_result", "result.json missing or unreadable: outcome from the evaluation "
                              "report, identity from config.json and the folder")
    result = result if isinstance(result, dict) else None
    config = _read_json(trial / "config.json", warn)
    config = config if isinstance(config, dict) else None
    report = _read_json(trial / "verifier" / "evaluation-report.json", warn)
    report = report if isinstance(report, dict) else None
    observations = _read_json(trial / "verifier" / "global-observations.json", warn)
    observations = observations if isinstance(observations, dict) else None

    snapshots, snapshot_sources = read_snapshots(trial, observations, warn)
    addresses: dict[str, set[str]] = {}
    for snap in snapshots.values():
        for name, node in snap["nodes"].items():
            if node.get("address"):
                addresses.setdefault(name, set()).add(str(node["address"]))
    log = study_command_log(trial)
    if log is None:
        warn.add("no_command_log", "agent/executor-commands.jsonl missing: no commands")
        commands: list[dict[str, Any]] = []
    else:
        commands = read_commands(log, warn, addresses)

    variant = _read_toml(trial.parent / "variant.toml", warn)
    ident = identity(origin, result, config, variant)
    node_os: dict[str, str] = {}
    for snap in snapshots.values():
        for name, node in snap["nodes"].items():
            label = snaps.platform_os(node)
            if label:
                node_os.setdefault(name, label)
    os_id = ident["os"] or next(iter(sorted(set(node_os.values()))), None) or "unknown"
    task = ident["task"] or "unknown"
    category = ident["category"] or "unknown"
    if category == "unknown":
        warn.add("unknown_category", "no task path in config.json or result.json, and the "
                                     "folder layout does not name the category")

    reward, reward_source = reward_of(result, report)
    exc = _path(result, "exception_info")
    if reward is not None:
        outcome = "passed" if reward >= 1.0 else "failed"
    elif exc:
        outcome = "error"
    else:
        outcome = "undecided"
        warn.add("no_reward", "neither result.json nor the evaluation report has a reward")
    checks = requirements(report)
    nodes = sorted({c["node"] for c in commands} | {n for s in snapshots.values() for n in s["nodes"]})
    started = _iso(_path(result, "started_at")) or (commands[0]["started_at"] if commands else None)
    phases = [p for p in (_phase("provision", _path(result, "environment_setup")),
                          _phase("agent", _path(result, "agent_execution")),
                          _phase("verifier", _path(result, "verifier"))) if p]
    run_id = trial.name if re.fullmatch(r"[A-Za-z0-9._-]+", trial.name) else \
        hashlib.sha1(str(trial).encode()).hexdigest()[:12]
    ours = SweepPaths(out).run(_safe(task), _safe(os_id), run_id)
    # the study's records were never redacted: every file written here is
    write_jsonl(ours.commands, commands)
    for phase, snap in snapshots.items():
        write_json(ours.snapshot(phase), snap)
    write_json(ours.topology, {"nodes": [
        {"name": n, "os": node_os.get(n, os_id), "family": _family(node_os.get(n, os_id)),
         "role": "appliance" if _family(node_os.get(n, "")) == "network" else "host"}
        for n in nodes]})
    expected = asked_for(snapshots.get("post_prepare", {}).get("nodes", {}),
                         snapshots.get("post_agent", {}).get("nodes", {}),
                         task_text(trial, checks, task), commands)
    write_text(ours.task_toml, (
        f'id = "{task}"\ncategory = "{category}"\n\n' + expected_toml(expected)))
    for desc in ("instruction.md", "variant.toml"):
        src = trial.parent / desc
        if src.is_file():  # copies, redacted like every other file (write_text)
            write_text(ours.task / desc, src.read_text(encoding="utf-8",
                                                                     errors="replace"))
    if checks:
        write_json(ours.checks, {"post_agent": checks})
    for path in (ours.evaluation_report(), ours.global_observations, ours.executor_evidence):
        src = trial / "verifier" / path.name  # the study's verifier records have our names
        if src.is_file():
            write_text(path, src.read_text(encoding="utf-8", errors="replace"))  # redacted as JSON
    # run.json last: a run folder is complete when it has one
    write_json(ours.run, {
        "schema": RUN_SCHEMA, "run_id": run_id, "sweep_id": out.name, "task": task,
        "category": category, "os": os_id, "catalog_os": CATALOG_OS.get(os_id),
        "family": _family(os_id),
        "agent": str(_path(result, "config.agent.kwargs.agent_name") or
                     _path(result, "agent_info.name") or "harbor"),
        "model": _path(result, "agent_info.model_info.name") or _path(result, "config.agent.model_name"),
        "effort": _path(result, "config.agent.kwargs.reasoning_effort"),
        "host": None, "node_count": max(1, len(nodes)), "persist": False, "attempt": 1,
        "started_at": started, "finished_at": _iso(_path(result, "finished_at")),
        "phases": phases, "outcome": outcome,
        "reward": reward, "reward_source": reward_source,
        "error": {"type": "infrastructure", "phase": None,
                  "message": str(_path(exc, "exception_message") or _path(exc, "exception_type")
                                 or exc)[:2000]} if outcome == "error" else None,
        "failed_requirements": [r["id"] for r in checks if r["status"] != "satisfied"],
        "agent_status": agent_status(result),
        "study_trial_id": _path(result, "id"),
        "snapshot_sources": snapshot_sources,
        "import_warnings": warn.items,
        "imported_from": _below(origin, base),
        **({"joined_from": [_below(c, base) for c in copies]} if copies else {}),
    })
    return ours.dir


def _below(path: Path, base: Path | None) -> str:
    return str(path.relative_to(base)) if base is not None else str(path)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name) or "unknown"
