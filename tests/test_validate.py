"""fixtures.validate on fake run records (no VMs): rows, the markdown, merging, the CLI."""
from __future__ import annotations

import json
from pathlib import Path

from fixtures import validate


def _run(sweep: Path, task: str, os_id: str, outcome: str | None, *, category: str = "brownfield",
         failed: tuple[str, ...] = (), start: str = "2026-01-02T10:00:00.000Z", seconds: int = 60,
         run_id: str = "20260102T100000-aaaaaa", error: dict | None = None, waited: float = 0,
         agent: str | None = None) -> Path:
    run_dir = sweep / task / os_id / run_id
    run_dir.mkdir(parents=True)
    h, m = divmod(seconds, 60)
    end = f"2026-01-02T10:{h:02d}:{m:02d}.000Z" if outcome else None
    (run_dir / "run.json").write_text(json.dumps({
        "schema": "opsbench.run/1", "run_id": run_id, "task": task, "category": category,
        "os": os_id, "agent": agent or sweep.name, "started_at": start, "finished_at": end,
        "outcome": outcome, "failed_requirements": list(failed), "error": error,
        "phases": [{"name": "lease", "duration_s": waited, "ok": True},
                   {"name": "provision", "duration_s": 5.0, "ok": True}]}))
    return run_dir


def _sweeps(tmp_path: Path) -> Path:
    """A validation's work folder in the older layout: one sweep per agent."""
    work = tmp_path / "work"
    o, n = work / "oracle", work / "nop"
    _run(o, "disk-full-recovery", "debian12", "passed", seconds=50)
    _run(n, "disk-full-recovery", "debian12", "failed", failed=("req-1", "req-3"), seconds=30)
    # an infrastructure error retried: the later attempt counts
    _run(o, "config-drift", "debian12", "error", start="2026-01-02T09:00:00.000Z",
         run_id="20260102T090000-bbbbbb", error={"type": "infrastructure", "message": "ssh lost"})
    _run(o, "config-drift", "debian12", "passed", seconds=100, waited=30,   # 30 s waiting for a lease
         run_id="20260102T100000-cccccc")
    _run(n, "config-drift", "debian12", "failed", failed=("req-1",), seconds=40)
    # a task whose oracle fails and whose nop errors: not validated
    _run(o, "host-firewall-baseline", "debian12", "failed", category="single-node",
         failed=("req-2",), seconds=100)
    _run(n, "host-firewall-baseline", "debian12", "error", category="single-node",
         error={"type": "infrastructure", "message": "boot"})
    # a second OS where only the oracle ran
    _run(o, "disk-full-recovery", "debian13", "passed", seconds=90)
    return work


def test_read_sweep_takes_the_latest_attempt(tmp_path):
    runs = validate.read_sweep(_sweeps(tmp_path) / "oracle")
    assert runs[("config-drift", "debian12", "oracle")].outcome == "passed"
    assert runs[("config-drift", "debian12", "oracle")].duration_s == 70
    assert runs[("host-firewall-baseline", "debian12", "oracle")].failed_requirements == ("req-2",)
    assert validate.read_sweep(tmp_path / "missing") == {}


def test_one_sweep_with_both_agents(tmp_path):
    """`--agent=oracle,nop` writes both agents' runs into `<work>/runs`: told apart by run.json."""
    work = tmp_path / "work"
    runs = work / "runs"
    _run(runs, "disk-full-recovery", "debian12", "passed", seconds=50, agent="oracle")
    _run(runs, "disk-full-recovery", "debian12", "failed", failed=("req-1",), seconds=8, agent="nop",
         run_id="20260102T100100-dddddd")
    _run(runs, "disk-full-recovery", "debian12", "passed", agent="claude", run_id="20260102T100200-eeeeee")
    rows = validate.make_rows(validate.read_work(work))
    assert [(r.task, r.os, r.validated, r.oracle_s, r.nop_s) for r in rows] == \
        [("disk-full-recovery", "debian12", True, 50.0, 8.0)]


def test_rows_and_markdown(tmp_path):
    work = _sweeps(tmp_path)
    rows = validate.make_rows(validate.read_work(work))
    by = {(r.task, r.os): r for r in rows}
    assert by[("disk-full-recovery", "debian12")].validated
    assert by[("disk-full-recovery", "debian12")].nop_cell == "yes: req-1, req-3"
    assert not by[("host-firewall-baseline", "debian12")].validated
    assert not by[("disk-full-recovery", "debian13")].nop_ok          # nop never ran there
    md = validate.render(rows)
    assert validate.HEADER in md and validate.RULE in md
    assert ("| disk-full-recovery | brownfield | debian12 | yes | yes: req-1, req-3 | 50 s | 30 s "
            "| 2026-01-02 |") in md
    assert "| config-drift | brownfield | debian12 | yes | yes: req-1 | 70 s | 40 s |" in md
    assert ("| host-firewall-baseline | single-node | debian12 | **no** (failed: req-2) "
            "| **no** (error) | 100 s |") in md
    assert "| disk-full-recovery | brownfield | debian13 | yes | **no** (no run) | 90 s | – |" in md
    # medians over passing oracle runs only: brownfield 50, 70, 90 -> 70; single-node has none
    assert "Median oracle duration per category: brownfield 70 s (3 runs)." in md
    assert "per OS: debian12 2/3, debian13 0/1." in md
    assert "Not validated: disk-full-recovery on debian13, host-firewall-baseline on debian12." in md


def test_parse_and_merge_round_trip(tmp_path):
    work = _sweeps(tmp_path)
    rows = validate.make_rows(validate.read_work(work))
    parsed = validate.parse_rows(validate.render(rows))
    assert [(r.task, r.os, r.validated, r.oracle_s, r.nop_s) for r in parsed] == \
        [(r.task, r.os, r.validated, r.oracle_s, r.nop_s) for r in rows]
    assert validate.render(parsed) == validate.render(rows)
    fixed = validate.Row("host-firewall-baseline", "single-node", "debian12", True, "yes", True,
                         "yes: req-2", 110.0, 35.0, "2026-02-01")
    merged = validate.merge(parsed, [fixed])
    assert len(merged) == len(parsed)
    assert {(r.task, r.os): r for r in merged}[("host-firewall-baseline", "debian12")] == fixed


def test_main_no_run_writes_and_merges(tmp_path, capsys):
    work = _sweeps(tmp_path)
    out = tmp_path / "VALIDATION.md"
    out.write_text(validate.render([validate.Row("private-app-access", "multi-node", "debian12", True,
                                                 "yes", True, "yes: req-1, req-2", 80.0, 45.0,
                                                 "2025-12-30")]))
    rc = validate.main(["--no-run", "--work", str(work), "--out", str(out)])
    assert rc == 1                                  # some rows do not validate
    md = out.read_text()
    assert "| private-app-access | multi-node | debian12 | yes | yes: req-1, req-2 | 80 s | 45 s |" in md
    assert "multi-node 80 s (1 run)" in md
    assert "debian12 3/4" in md
    rc = validate.main(["--no-run", "--work", str(work), "--out", str(out), "--fresh"])
    assert "| private-app-access |" not in out.read_text()
    assert validate.main(["--no-run", "--work", str(tmp_path / "empty"), "--out", str(out)]) == 2


def test_pytest_command():
    cmd = validate.pytest_command("oracle,nop", Path("/w/runs"), Path("tests_tasks"), "debian12", "disk", ["-x"])
    assert cmd[1:] == ["-m", "pytest", "tests_tasks", "--agent=oracle,nop", "--sweep-dir=/w/runs", "-q", "-p",
                       "no:cacheprovider", "--os=debian12", "-k", "disk", "-x"]


def _merge_one(out: str, i: int) -> None:
    row = validate.Row(f"task-{i:02d}", "single-node", "debian12", True, "yes", True, "yes: req-1",
                       float(i), 1.0, "2026-12-03")
    validate.write_merged(Path(out), [row])


def test_concurrent_validations_keep_each_others_rows(tmp_path):
    """Validations of different task sets finishing at once: every row survives the merge."""
    import multiprocessing
    out = tmp_path / "VALIDATION.md"
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_merge_one, args=(str(out), i)) for i in range(12)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
        assert p.exitcode == 0
    assert sorted(r.task for r in validate.parse_rows(out.read_text())) == [f"task-{i:02d}" for i in range(12)]


def test_median_per_topology_size():
    rows = [validate.Row(t, "network", "debian12+linux-router", True, "yes", True, "yes: req-1", s, 5.0, "d")
            for t, s in (("a", 100.0), ("b", 200.0), ("c", 60.0))]
    label = ("debian12+linux-router",)
    tasks = {"a": validate.TaskFacts(3, label), "b": validate.TaskFacts(3, label), "c": validate.TaskFacts(1, label)}
    text = validate.render(rows, tasks=tasks)
    assert "Median oracle duration per topology size: 1 node 60 s (1 run), 3 nodes 150 s (2 runs)." in text


def test_the_library_gives_node_counts_and_every_claimed_os_with_its_appliances():
    facts = validate.library(Path(__file__).resolve().parents[1] / "tests_tasks")
    assert facts["config-drift"].nodes == 2
    assert "debian11" in facts["config-drift"].targets
    assert {"debian12+linux-router", "debian12+vyos", "debian13+linux-router"} <= set(facts["nat-egress"].targets)


def test_claimed_oses_without_a_row_are_listed_as_not_yet_validated():
    rows = [validate.Row("a", "single-node", "debian12", True, "yes", True, "yes: req-1", 10.0, 5.0, "d"),
            validate.Row("b", "single-node", "debian12", False, "**no** (failed)", True, "yes: req-1",
                         10.0, 5.0, "d")]
    tasks = {"a": validate.TaskFacts(1, ("debian12", "debian13", "alma9")),
             "b": validate.TaskFacts(1, ("debian12", "debian13"))}
    text = validate.render(rows, tasks=tasks)
    assert "Not validated: b on debian12." in text          # ran and failed: not listed again below
    assert "- alma9 (1): a\n" in text
    assert "- debian13 (2): a, b\n" in text
    assert "debian12 (" not in text.split("never run here):")[1]
    # the table still parses back, the generated list after it is not mistaken for rows
    assert validate.parse_rows(text) == rows
