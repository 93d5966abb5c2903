"""A sweep's findings: the reference study's eight tables (plus illusion of done and errors),
aggregated from the runs' analyses. Runs whose outcome is `error` are infrastructure failures:
listed apart and left out of every rate."""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from reports import classify, leftovers
from reports.analysis import TASK_TYPES
from reports.dns import NOT_CHECKED, NXDOMAIN

COUNTED = ("passed", "failed")


@dataclass(frozen=True)
class Table:
    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class SweepSummary:
    sweep_dir: Path
    sweep_id: str
    runs: int  # run folders found
    counted: int  # passed + failed: the runs every rate is over
    errors: int  # outcome `error` (infrastructure)
    other: int  # skipped, or no outcome (interrupted)
    tables: tuple[Table, ...]
    series: Mapping[str, Mapping[str, tuple[float, ...]]]  # raw values for plots
    unreadable: tuple[tuple[str, str], ...] = ()  # (run folder, why)

    def table(self, key: str) -> Table:
        for t in self.tables:
            if t.key == key:
                return t
        raise KeyError(key)


def pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:.1f}%" if d else "–"


def minutes(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds / 60.0, 1)


def summarise(sweep_dir: Path, sweep_id: str, analyses: list[Mapping[str, Any]],
              unreadable: Iterable[tuple[str, str]] = ()) -> SweepSummary:
    counted = [a for a in analyses if a["run"]["outcome"] in COUNTED]
    errors = [a for a in analyses if a["run"]["outcome"] == "error"]
    completion = _completion_series(counted)
    tables = (
        _pass_rate(counted, "category", "pass_rate", "1. Pass rate by category", "Category"),
        _fail_rate(counted),
        _pass_rate(counted, "os", "pass_rate_os", "2b. Pass rate by OS", "OS"),
        *_leftovers(counted),
        _completion(completion),
        _high_impact(counted),
        _repos(counted),
        _firewall(counted),
        _polling(counted),
        _completion_spread(counted),
        _illusion(counted),
        _errors(errors),
        _import_warnings(analyses),
    )
    return SweepSummary(
        sweep_dir=sweep_dir, sweep_id=sweep_id, runs=len(analyses), counted=len(counted),
        errors=len(errors), other=len(analyses) - len(counted) - len(errors), tables=tables,
        series={"completion_min": completion}, unreadable=tuple(unreadable))


def _pass_rate(runs: list[Mapping[str, Any]], field: str, key: str, title: str,
               label: str) -> Table:
    by: dict[str, list[bool]] = defaultdict(list)
    for a in runs:
        by[str(a["run"][field] or "unknown")].append(a["run"]["outcome"] == "passed")
    rows = sorted(((k, len(v), sum(v), len(v) - sum(v), pct(sum(v), len(v))) for k, v in by.items()),
                  key=lambda r: (-r[2] / r[1], r[0]))
    total = sum(r[1] for r in rows)
    passed = sum(r[2] for r in rows)
    rows.append(("Total", total, passed, total - passed, pct(passed, total)))
    return Table(key, title, (label, "Runs", "Passed", "Failed", "Rate"), tuple(rows),
                 "A run passes only when every requirement is satisfied (after the reboot too "
                 "where the task persists). Error runs are excluded.")


def _fail_rate(runs: list[Mapping[str, Any]]) -> Table:
    acc: dict[str, Counter[str]] = defaultdict(Counter)
    for a in runs:
        seen: set[str] = set()
        for node in a["commands"]["by_node"].values():
            # an appliance's commands apart from the hosts', as the study reports network OSes
            os_ = str(node["os"]) + (" (appliance)" if node.get("role") == "appliance" else "")
            c = acc[os_]
            for k in ("total", "with_exit", "failed", "timeouts", "transport_errors"):
                c[k] += int(node[k])
            if os_ not in seen:
                c["runs"] += 1
                seen.add(os_)
    rows = sorted(((os_, c["runs"], c["total"], c["with_exit"], c["failed"],
                    pct(c["failed"], c["with_exit"]), c["timeouts"], c["transport_errors"])
                   for os_, c in acc.items()),
                  key=lambda r: (-(r[4] / r[3]) if r[3] else 0, r[0]))
    return Table("fail_rate_os", "2. Command fail rate by node OS",
                 ("Node OS", "Runs", "Commands", "With exit status", "Failed", "Fail rate",
                  "Timeouts", "Transport errors"), tuple(rows),
                 "Agent commands with a non-zero exit status among those that returned one. "
                 "Timeouts and transport errors have no exit status and are counted apart. "
                 "Appliances (routers, firewalls) are counted apart from the hosts.")


def _leftovers(runs: list[Mapping[str, Any]]) -> tuple[Table, Table]:
    status = Counter(a["leftovers"]["status"] for a in runs)
    n = len(runs)
    labels = {leftovers.LEFT: "Left something behind", leftovers.NONE: "No leftovers found",
              leftovers.UNDETERMINED: "Could not determine"}
    rows = [(labels[s], status.get(s, 0), pct(status.get(s, 0), n))
            for s in (leftovers.LEFT, leftovers.NONE, leftovers.UNDETERMINED)]
    rows.append(("Total", n, pct(n, n)))
    t1 = Table("leftovers", "3. Leftovers across all runs", ("What the records show", "Runs", "Share"),
               tuple(rows), "Undetermined: a snapshot was missing or a node's probe failed, and "
               "no other node showed a leftover.")
    left = [a for a in runs if a["leftovers"]["status"] == leftovers.LEFT]
    run_counts: Counter[str] = Counter()
    finding_counts: Counter[str] = Counter()
    for a in left:
        classes = a["leftovers"]["classes"]
        run_counts.update(classes.keys())
        finding_counts.update(classes)
    rows2 = sorted(((leftovers.LABELS[c], run_counts[c], pct(run_counts[c], len(left)),
                     finding_counts[c]) for c in leftovers.CLASSES), key=lambda r: -r[1])
    t2 = Table("leftover_classes", "3b. What was left behind",
               ("What was left behind", "Runs", "Share of runs with leftovers", "Findings"),
               tuple(rows2), "A run can appear in more than one row. Secrets are reported by "
               "path and kind only.")
    return t1, t2


def _completion_series(runs: list[Mapping[str, Any]]) -> dict[str, tuple[float, ...]]:
    by: dict[str, list[float]] = {t: [] for t in TASK_TYPES}
    for a in runs:
        s = a["commands"]["agent_s"]
        if s is not None:
            by[a["run"]["task_type"]].append(s / 60.0)
    return {k: tuple(sorted(v)) for k, v in by.items()}


def _completion(series: Mapping[str, tuple[float, ...]]) -> Table:
    labels = {"single-node": "Single-host administration", "multi-node": "Multi-host administration",
              "clustered": "Stateful clusters", "network": "Routed / firewalled networks"}
    rows = []
    for t in TASK_TYPES:
        v = series.get(t, ())
        if v:
            rows.append((labels[t], len(v), round(v[0], 1), round(statistics.median(v), 1),
                         round(v[-1], 1)))
        else:
            rows.append((labels[t], 0, "–", "–", "–"))
    return Table("completion", "4. Completion time by task type (agent minutes)",
                 ("Task type", "Runs", "Min", "Median", "Max"), tuple(rows),
                 "Task type from the category (cluster, network) and the node count.")


def _high_impact(runs: list[Mapping[str, Any]]) -> Table:
    n = len(runs)
    rows = []
    for cls in classify.CLASSES:
        with_cls = [a for a in runs if a["high_impact"]["classes"].get(cls)]
        reqs = sum(a["high_impact"]["classes"].get(cls, 0) for a in runs)
        rows.append((classify.LABELS[cls], classify.FORMS[cls],
                     f"{len(with_cls)} ({pct(len(with_cls), n)})", reqs))
        if cls == classify.NETWORK_FLUSH:
            on_app = [a for a in runs if a["high_impact"].get("appliance_flushes")]
            rows.append(("… of which on an appliance", "the flush ran on a router/firewall node",
                         f"{len(on_app)} ({pct(len(on_app), n)})",
                         sum(a["high_impact"].get("appliance_flushes", 0) for a in on_app)))
    any_runs = sum(1 for a in runs if a["high_impact"]["commands"])
    rows.append(("Any class", "", f"{any_runs} ({pct(any_runs, n)})",
                 sum(a["high_impact"]["commands"] for a in runs)))
    return Table("high_impact", "5. High-impact command classes",
                 ("Class", "Matched forms", "Runs", "Requests"), tuple(rows),
                 "Parsed shell (wrappers, bash -c, compound commands); text in echo, comments and "
                 "heredoc data is not a command. A class says what a command does, not whether it "
                 "was necessary.")


def _repos(runs: list[Mapping[str, Any]]) -> Table:
    host_runs: dict[str, set[str]] = defaultdict(set)
    host_status: dict[str, str] = {}
    host_sources: dict[str, set[str]] = defaultdict(set)
    configured = 0
    failed_runs = 0
    for a in runs:
        r = a["repos"]
        if not r["configured"]:
            continue
        configured += 1
        rid = a["run"]["run_id"]
        for u in r["urls"]:
            host_runs[u["host"]].add(rid)
            host_sources[u["host"]].add(u["source"])
        host_status.update(r["hosts"])
        if any(s == NXDOMAIN for s in r["hosts"].values()):
            failed_runs += 1
    rows = sorted(((h, len(ids), host_status.get(h, NOT_CHECKED), ", ".join(sorted(host_sources[h])))
                   for h, ids in host_runs.items()), key=lambda r: (-r[1], r[0]))
    checked = any(s != NOT_CHECKED for s in host_status.values())
    rows.append(("Total", configured,
                 f"{failed_runs} runs with DNS failures ({pct(failed_runs, configured)})"
                 if checked else NOT_CHECKED, ""))
    return Table("repos", "6. Repository URLs and DNS", ("Repository host", "Runs", "DNS", "Source"),
                 tuple(rows), "Runs that configured a repository (commands or repository-file "
                 "changes). DNS is checked only with --check-dns; otherwise 'not checked'.")


def _firewall(runs: list[Mapping[str, Any]]) -> Table:
    acc: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for a in runs:
        fw = a["firewall"]
        per_tool: dict[str, set[str]] = defaultdict(set)
        for v in fw["nodes"]:
            per_tool[v["tool"]].add(v["status"])
        for tool, statuses in per_tool.items():
            c = acc[(tool, a["run"]["os"])]
            c["runs"] += 1
            c["transient"] += bool(statuses & {"lost", "at_risk"})
            c["lost"] += "lost" in statuses
            c["kept"] += "kept" in statuses
            if tool == "firewalld":
                c["never_permanent"] += bool(fw["firewalld_never_permanent"])
    rows = sorted(((tool, os_, c["runs"], c["never_permanent"] if tool == "firewalld" else "–",
                    c["transient"], c["lost"], c["kept"], pct(c["transient"], c["runs"]))
                   for (tool, os_), c in acc.items()), key=lambda r: (r[0], -r[4], r[1]))
    return Table("firewall", "7. Firewall changes lost on reboot",
                 ("Tool", "OS", "Runs changing rules", "Never --permanent", "Left transient",
                  "Lost on reboot (confirmed)", "Kept after reboot", "Rate"), tuple(rows),
                 "Left transient: runtime changes never saved (firewall-cmd without --permanent "
                 "or --runtime-to-permanent; iptables/nft without a saved ruleset). Confirmed by the "
                 "post_reboot snapshot where the task reboots.")


def _polling(runs: list[Mapping[str, Any]]) -> Table:
    acc: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    sleep: dict[tuple[str, str], float] = defaultdict(float)
    waste: dict[tuple[str, str], float] = defaultdict(float)
    for a in runs:
        p = a["polling"]
        if not p["trap"]:
            continue
        k = (a["run"]["task"], a["run"]["os"])
        acc[k]["runs"] += 1
        acc[k]["polls"] += sum(j["polls"] for j in p["jobs"])
        acc[k]["after_timeout"] += any(j["preceded_by_timeout"] for j in p["jobs"])
        sleep[k] += p["sleep_s"]
        waste[k] += p["wasted_s"]
    rows = sorted(((t, o, c["runs"], c["after_timeout"], c["polls"], minutes(sleep[(t, o)]),
                    minutes(waste[(t, o)])) for (t, o), c in acc.items()),
                  key=lambda r: (-(r[6] or 0), r[0], r[1]))
    total_runs = sum(r[2] for r in rows)
    rows.append(("Total", "", total_runs, sum(r[3] for r in rows), sum(r[4] for r in rows),
                 minutes(sum(sleep.values())), minutes(sum(waste.values()))))
    return Table("polling", "8. The polling trap: background jobs polled with fixed sleeps",
                 ("Task", "OS", "Runs with trap", "After a foreground timeout", "Polls",
                  "Sleeping (min)", "Sleeping after the job finished (min, est.)"), tuple(rows),
                 "Time after the job finished is exact when the detecting output carries the "
                 "finish timestamp, otherwise the expected value for a finish time uniform "
                 "between the last 'still running' check and the detecting one.")


def _completion_spread(runs: list[Mapping[str, Any]]) -> Table:
    by: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for a in runs:
        s = a["commands"]["agent_s"]
        if s is not None:
            by[a["run"]["task"]][a["run"]["os"]].append(s / 60.0)
    rows = []
    for task, per_os in by.items():
        if len(per_os) < 2:
            continue
        med = {o: statistics.median(v) for o, v in per_os.items()}
        fast = min(med, key=lambda o: (med[o], o))
        slow = max(med, key=lambda o: (med[o], o))
        ratio = med[slow] / med[fast] if med[fast] > 0 else float("inf")
        rows.append((task, f"{fast} ({med[fast]:.1f})", f"{slow} ({med[slow]:.1f})",
                     round(ratio, 1)))
    rows.sort(key=lambda r: (-r[3], r[0]))
    return Table("completion_spread", "8b. Same task, different OS: median agent minutes",
                 ("Task", "Fastest OS (min)", "Slowest OS (min)", "Ratio"), tuple(rows[:15]),
                 "The 15 tasks whose completion time varies most across OSes.")


def _illusion(runs: list[Mapping[str, Any]]) -> Table:
    n = len(runs)
    rows = [(label, k, pct(k, n)) for label, k in (
        ("Agent reported completed, failed on a requirement unmet after it",
         sum(1 for a in runs if a["illusion"]["claimed_but_failed"])),
        ("A check passed after the agent, failed after the reboot",
         sum(1 for a in runs if a["illusion"]["lost_on_reboot"])),
        ("The reboot stopped in emergency or rescue mode",
         sum(1 for a in runs if a["illusion"].get("boot_dead_end"))),
        ("The agent left a node powered off or halted",
         sum(1 for a in runs if a["illusion"].get("node_down"))))]
    return Table("illusion", "The illusion of done", ("Pattern", "Runs", "Share"), tuple(rows),
                 "As verifier.run_illusion defines it (docs/verifier.md), from run.json and "
                 "verifier/checks.json.")


def _import_warnings(analyses: list[Mapping[str, Any]]) -> Table:
    """Imported runs only: what the study's records lacked or had damaged, by kind."""
    runs: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for a in analyses:
        kinds = [str(w) for w in a["run"].get("import_warnings") or []]
        total.update(kinds)
        runs.update(set(kinds))
    return Table("import_warnings", "Import warnings", ("Kind", "Runs", "Warnings"),
                 tuple((k, runs[k], total[k]) for k in sorted(total)),
                 "Imported runs only (run.json import_warnings): each run still imported, no "
                 "count changed silently; an undecided run (no reward) is in no rate.")


def _errors(errors: list[Mapping[str, Any]]) -> Table:
    rows = []
    for a in errors:
        r = a["run"]
        e = r.get("error") or {}
        rows.append((r["task"], r["os"], r["run_id"], e.get("phase") or "", e.get("type") or "",
                     str(e.get("message") or "")[:200]))
    return Table("errors", "Runs ended by infrastructure errors (excluded from every rate)",
                 ("Task", "OS", "Run", "Phase", "Type", "Message"), tuple(sorted(rows)))
