"""The polling trap (finding 8): a job started in the background (`&`, nohup, setsid,
systemd-run, screen/tmux) and then polled with fixed sleeps or repeated checks. The cost is the
time spent sleeping after the job had already finished.

For each job: its launch, the later commands on the same node that mention it (its program,
output file or unit) or only sleep, and the first poll whose output shows it finished. The
finish time is taken from a timestamp in that output when one lies in the window; otherwise it
is assumed uniform between the last poll that saw the job running and the detecting check, and
the *expected* sleep after it is reported (so an estimate, marked as such).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from reports.records import Command, mentions

_TRIVIAL = frozenset({"sleep", "echo", "printf", "true", "false", "cd", "wait", "disown", "tail",
                      "cat", "exit", ":", "read", "tee", "date", "pgrep", "ps", "kill"})
_CHECKS = frozenset({"pgrep", "pidof", "ps", "kill", "jobs", "systemctl", "pstree", "top"})
_RUNNING = re.compile(r"still running|is running|in progress|not (yet )?(finished|done|complete)"
                      r"|activating|active \(running\)|^\s*running\s*$|^\s*active\s*$", re.I | re.M)
_DONE = re.compile(r"\b(finished|completed?|done|ended|exited|terminated|succeeded"
                   r"|end timestamp|initiali[sz]ed|inactive|dead|no such process)\b", re.I)
_TIMESTAMP = re.compile(r"(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?")
_LOOP = re.compile(r"\b(while|until|for)\b")
_UNIT = re.compile(r"(?:--unit[= ]|-u\s+)([\w@.:-]+)")
_SLEEP_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
# Tools that control other things: never the name of a job (every status check mentions them).
_CONTROLLERS = frozenset({"systemctl", "service", "rc-service", "initctl", "sh", "bash", "dash",
                          "ash", "zsh", "env", "sudo", "nohup", "setsid", "timeout", "logger",
                          "kill", "pkill", "killall", "xargs", "nice", "ionice", "stdbuf"})
_REBOOT = frozenset({"reboot", "shutdown", "poweroff", "halt", "kexec"})
# An interpreter names no job by itself: the job is its script or module.
_INTERPRETERS = frozenset({"python", "python3", "perl", "ruby", "node", "php", "java"})
_KILLERS = frozenset({"kill", "pkill", "killall"})
_REBOOT_VERBS = frozenset({"reboot", "poweroff", "halt", "kexec", "soft-reboot"})


def _reboots(s: Any) -> bool:
    """This simple command restarts or stops the machine (a scheduled reboot, not a job)."""
    return s.name in _REBOOT or (s.name in ("systemctl", "init", "telinit") and bool(
        _REBOOT_VERBS.intersection(s.args) or {"0", "6"}.intersection(s.args[:1])))


def _sleep_seconds(c: Command) -> float:
    """Seconds the agent itself waited: foreground sleeps only (a sleep inside a background job,
    `nohup sh -c 'sleep 2; reboot' &`, is the job's, not a wait)."""
    total = 0.0
    for s in c.simple:
        if s.name != "sleep" or s.background:
            continue
        for a in s.args:
            m = re.fullmatch(r"(\d+(?:\.\d+)?)([smhd]?)", a)
            if m:
                total += float(m.group(1)) * _SLEEP_UNITS.get(m.group(2) or "s", 1.0)
    return total


def _only_sleeps(c: Command) -> bool:
    return bool(c.simple) and all(s.name in ("sleep", "echo", "date", "true") for s in c.simple) \
        and any(s.name == "sleep" for s in c.simple)


@dataclass
class _Job:
    node: str
    names: set[str]
    launch: Command
    preceded_by_timeout: str | None
    polls: list[Command] = field(default_factory=list)
    states: list[str | None] = field(default_factory=list)
    detected_by: Command | None = None
    checks: int = 0  # polls that look at the job (the others only sleep)
    later: list[Command] = field(default_factory=list)  # the node's commands after the launch


def _launch(c: Command) -> tuple[set[str], bool]:
    """Names (programs, output files, units) of background jobs `c` starts; (set(), False) if none.
    A background reboot (`sleep 2; reboot &`) is the agent scheduling its own restart: no job."""
    names: set[str] = set()
    background = [s for s in c.simple if s.background]
    if any(_reboots(s) for s in background):
        return set(), False
    for s in background:
        if s.name in _TRIVIAL:  # names no job, but what it writes is the job's (`echo $? > rc`)
            names.update(_written(s))
            continue
        if s.name in _INTERPRETERS:
            script = _script_of(s.args)
            if script:
                names.add(script)
        elif s.name not in _CONTROLLERS:
            names.add(s.name)
        names.update(_written(s))
        if "systemd-run" in s.wrappers:
            names.update(_UNIT.findall(c.command))
    if names:  # where the launch keeps the job's PID (`echo $! > f`, `echo $! | tee f`)
        names.update(f for s in c.simple if not s.background and any("$!" in a for a in s.args)
                     for f in _written(s))
        names.update(f for i, s in enumerate(c.simple[1:], 1) if s.name == "tee" and not s.background
                     and any("$!" in a for a in c.simple[i - 1].args)
                     for f in s.args if f.startswith("/"))
    return names, bool(names)


_INSPECTORS = _CHECKS | {"pstree", "lsof", "fuser", "ss", "netstat", "wait"}


def _looks_at(c: Command, names: set[str]) -> bool:
    """`c` checks on the job: it reads one of the job's files (log, PID file, output), or asks
    the process table or the service manager about its program. A program named elsewhere
    (`apk add tcpdump`, `grep -E 'telnetd|nc$'`) is not a look at the job."""
    if any(mentions(c.command, n) for n in names if n.startswith("/")):
        return True
    programs = [n for n in names if not n.startswith("/")]
    return any(s.name in _INSPECTORS for s in c.simple) and any(mentions(c.command, p) for p in programs)


def _shape(command: str) -> str:
    """A command with its numbers blanked: `tail -25 log` and `tail -10 log` are one check."""
    return " ".join(re.sub(r"\d+", "N", command).split())


def _written(s: Any) -> set[str]:
    """Files a simple command's redirections write."""
    return {t for op, t in s.redirects
            if op in (">", ">>", "&>", "&>>") and t.startswith("/") and t != "/dev/null"}


def _script_of(args: tuple[str, ...]) -> str | None:
    """`-m http.server` → `http.server`; `/tmp/probe.py 8080` → `/tmp/probe.py`."""
    for i, a in enumerate(args):
        if a == "-m" and i + 1 < len(args):
            return args[i + 1]
        if a == "-c":
            return None
        if not a.startswith("-"):
            return a
    return None


def _stopped_by_agent(job: _Job, later: list[Command]) -> bool:
    """The agent killed the job itself (a test server, a capture it ran and then stopped): a
    job it used, not one it waited for."""
    programs = {n for n in job.names if not n.startswith("/")}
    for c in later:
        for s in c.simple:
            if s.name in _KILLERS and (programs.intersection(a.rsplit("/", 1)[-1] for a in s.args)
                                       or any(mentions(c.command, n) for n in job.names
                                              if n.startswith("/"))):
                return True
            if s.name == "systemctl" and "stop" in s.args and programs.intersection(
                    a.removesuffix(".service") for a in s.args):
                return True
    return False


def _state(c: Command, job: _Job) -> str | None:
    """What this poll's output says about the job: done, running, or nothing."""
    out = f"{c.stdout}\n{c.stderr}"
    if _RUNNING.search(out):
        return "running"
    if _DONE.search(out):
        return "done"
    if not any(s.name in _CHECKS for s in c.simple):
        return None
    programs = {n for n in job.names if not n.startswith("/")}
    for line in out.splitlines():
        text = line.strip()
        if not text or "grep" in text:
            continue
        if text.isdigit() or any(mentions(text, p) for p in programs):
            return "running"  # a PID or a process line of the job
    return "done"


def _timestamps(text: str) -> list[float]:
    out = []
    for m in _TIMESTAMP.finditer(text):
        tz = m.group(4) or "+00:00"
        if tz == "Z":
            tz = "+00:00"
        elif ":" not in tz:
            tz = tz[:3] + ":" + tz[3:]
        try:
            out.append(datetime.fromisoformat(f"{m.group(1)}T{m.group(2)}{tz}")
                       .astimezone(timezone.utc).timestamp())
        except ValueError:
            continue
    return out


def _segment(c: Command) -> tuple[float, float, bool] | None:
    """When this command slept: (from, to, is_loop)."""
    s = _sleep_seconds(c)
    if s <= 0 or c.start is None or c.end is None:
        return None
    dur = c.duration_ms / 1000.0
    if _LOOP.search(c.command):
        return c.start, c.end, True
    first = c.simple[0].name if c.simple else ""
    span = min(s, dur)
    return (c.start, c.start + span, False) if first == "sleep" else (c.end - span, c.end, False)


def _waste(job: _Job) -> tuple[float, str | None]:
    """Seconds slept after the job finished, and how the finish time was known."""
    det = job.detected_by
    if det is None or det.end is None or job.launch.end is None:
        return 0.0, None
    k = job.polls.index(det)
    hi = det.end
    lo = job.launch.end
    for p, st in zip(job.polls[:k], job.states[:k]):
        if st == "running" and p.end is not None:
            lo = max(lo, p.end)
    segments = [seg for p in job.polls[:k + 1] if (seg := _segment(p)) is not None]
    own = _segment(det)
    if own is not None and own[2]:  # a loop notices completion within one sleep interval
        lo = max(lo, hi - _sleep_seconds(det))
    stamps = [t for t in _timestamps(f"{det.stdout}\n{det.stderr}") if lo - 1 <= t <= hi]
    if stamps:
        finish = max(stamps)
        return sum(max(0.0, b - max(a, finish)) for a, b, _ in segments if b > finish), "timestamp"
    if hi <= lo:
        return 0.0, "estimated"
    total = 0.0
    for a, b, _ in segments:
        a, b = max(a, lo), min(b, hi)
        if b > a:  # expected overlap of [finish, hi] with [a, b], finish uniform on [lo, hi]
            total += ((a - lo) * (b - a) + (b - a) ** 2 / 2) / (hi - lo)
    return total, "estimated"


def polling_trap(agent: list[Command]) -> dict[str, Any]:
    jobs: list[_Job] = []
    for node in sorted({c.node for c in agent}):
        cmds = [c for c in agent if c.node == node]
        open_jobs: list[_Job] = []
        for i, c in enumerate(cmds):
            names, launched = _launch(c)
            if launched:
                open_jobs = [j for j in open_jobs if not (j.names & names)]  # a relaunch
                timeout = next((p.id for p in reversed(cmds[:i]) if p.timed_out
                                and any(mentions(p.command, n) for n in names)), None)
                job = _Job(node, names, c, timeout)
                job.later = cmds[i + 1:]
                jobs.append(job)
                open_jobs.append(job)
                continue
            for job in reversed(open_jobs):
                checks = _looks_at(c, job.names)
                if not (checks or _only_sleeps(c)):
                    continue
                job.checks += checks
                st = _state(c, job)
                job.polls.append(c)
                job.states.append(st)
                if st == "done":
                    job.detected_by = c
                    open_jobs.remove(job)
                break
    out = []
    for j in jobs:
        sleeps = [_sleep_seconds(p) for p in j.polls]
        loops = [p.duration_ms / 1000.0 for p in j.polls if _LOOP.search(p.command) and _sleep_seconds(p)]
        repeated = j.checks >= 2 or any(_LOOP.search(p.command) and _sleep_seconds(p)
                                         and _looks_at(p, j.names)
                                         for p in j.polls)
        checked = [_shape(p.command) for p in j.polls if _looks_at(p, j.names)]
        same_check = bool(checked) and max(checked.count(x) for x in checked) >= 2
        if not repeated or not (any(sleeps) or same_check) or _stopped_by_agent(j, j.later):
            continue  # not polling: not checked again and again while waiting (sleeping, or
            # running the same check again), or a job the agent used and then stopped (a
            # test server, a capture), not one it waited for
        wasted, how = _waste(j)
        out.append({
            "node": j.node, "job": ",".join(sorted(j.names)), "launch_id": j.launch.id,
            "preceded_by_timeout": j.preceded_by_timeout, "polls": len(j.polls),
            "poll_ids": [p.id for p in j.polls],
            "sleep_s": round(sum(s for s, p in zip(sleeps, j.polls)
                                 if not _LOOP.search(p.command)) + sum(loops), 3),
            "detected_by": j.detected_by.id if j.detected_by else None,
            "finish_from": how, "wasted_s": round(wasted, 3),
        })
    return {"trap": bool(out), "jobs": out,
            "sleep_s": round(sum(j["sleep_s"] for j in out), 3),
            "wasted_s": round(sum(j["wasted_s"] for j in out), 3)}
