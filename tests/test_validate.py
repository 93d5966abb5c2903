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
    assert ("| disk-full-recovery | brownfield | debian12 | yes | yes: req-1, req-3 | – | 50 s | 30 s "
            "| 2026-01-02 |") in md
    assert "| config-drift | brownfield | debian12 | yes | yes: req-1 | – | 70 s | 40 s |" in md
    assert ("| host-firewall-baseline | single-node | debian12 | **no** (failed: req-2) "
            "| **no** (error) | – | 100 s |") in md
    assert "| disk-full-recovery | brownfield | debian13 | yes | **no** (no run) | – | 90 s | – |" in md
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
    lib = ["--tasks-root", str(tmp_path / "no-tasks")]  # the fake runs' tasks have no wrong solutions
    rc = validate.main(["--no-run", "--work", str(work), "--out", str(out), *lib])
    assert rc == 1                                  # some rows do not validate
    md = out.read_text()
    assert "| private-app-access | multi-node | debian12 | yes | yes: req-1, req-2 | – | 80 s | 45 s |" in md
    assert "multi-node 80 s (1 run)" in md
    assert "debian12 3/4" in md
    rc = validate.main(["--no-run", "--work", str(work), "--out", str(out), "--fresh", *lib])
    assert "| private-app-access |" not in out.read_text()
    assert validate.main(["--no-run", "--work", str(tmp_path / "empty"), "--out", str(out)]) == 2


def test_wrong_solutions_are_caught_only_failing_the_requirements_they_name(tmp_path):
    sweep = tmp_path / "runs"
    _run(sweep, "package-version-hold", "debian12", "passed", agent="oracle", category="single-node")
    _run(sweep, "package-version-hold", "debian12", "failed", failed=("req-1", "req-2"), agent="nop", run_id="r2")
    _run(sweep, "package-version-hold", "debian12", "failed", failed=("req-2",), agent="wrong:hold-only", run_id="r3")
    _run(sweep, "package-version-hold", "debian12", "failed", failed=("req-3",), agent="wrong:upgrade-now", run_id="r4")
    _run(sweep, "package-version-hold", "debian12", "passed", agent="wrong:pin-low", run_id="r5")
    tasks = {"package-version-hold": validate.TaskFacts(1, ("debian12",), wrong=(
        ("hold-only", ("req-2",)), ("upgrade-now", ("req-1",)), ("pin-low", ("req-2",)),
        ("never-ran", ("req-1",))))}
    row, = validate.make_rows(validate.read_sweep(sweep), tasks)
    assert not row.validated and row.oracle_ok and row.nop_ok
    assert row.wrong_cell == ("**1/4** (never-ran: not run; pin-low: passed; "
                              "upgrade-now: failed req-3, not req-1)")
    # all caught: validated; the cell survives a round trip through the markdown
    tasks = {"package-version-hold": validate.TaskFacts(1, ("debian12",), wrong=(("hold-only", ("req-2",)),))}
    row, = validate.make_rows(validate.read_sweep(sweep), tasks)
    assert row.validated and row.wrong_cell == "1/1"
    md = validate.render([row], tasks=tasks)
    assert validate.parse_rows(md) == [row]
    assert "Wrong solutions caught: 1/1 runs over 1 task×OS rows." in md
    assert "Tasks with at least two wrong solutions: 0/1; fewer: package-version-hold." in md


def test_a_wrong_script_that_breaks_is_not_caught(tmp_path):
    """A script that exits non-zero is no plausible solution: its failing run proves nothing."""
    sweep = tmp_path / "runs"
    run_dir = _run(sweep, "t", "debian12", "failed", failed=("req-1",), agent="wrong:typo")
    data = json.loads((run_dir / "run.json").read_text())
    (run_dir / "run.json").write_text(json.dumps({**data, "agent_status": "blocked"}))
    run = validate.read_sweep(sweep)[("t", "debian12", "wrong:typo")]
    assert validate.wrong_verdict(run, ("req-1",)) == "its script failed"


def test_rows_from_before_wrong_solutions_are_still_read():
    old = (validate.OLD_HEADER + "\n|---|\n| a | single-node | debian12 | yes | yes: req-1 | 10 s | 5 s | d |\n")
    row, = validate.parse_rows(old)
    assert row.validated and row.wrong_cell == "–" and row.nop_s == 5.0


def test_pytest_command():
    cmd = validate.pytest_command("nop", Path("/w/runs"), [Path("a/t1"), Path("a/t2")], None, None, [])
    assert cmd[3:5] == ["a/t1", "a/t2"]
    cmd = validate.pytest_command("oracle,nop", Path("/w/runs"), Path("tests_tasks"), "debian12", "disk", ["-x"])
    assert cmd[1:] == ["-m", "pytest", "tests_tasks", "--agent=oracle,nop", "--sweep-dir=/w/runs", "-q", "-p",
                       "no:cacheprovider", "--all-tasks", "--os=debian12", "-k", "disk", "-x"]


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


def test_pending_is_every_task_claiming_the_os_without_a_validating_row():
    ok = validate.Row("a", "single-node", "debian11", True, "yes", True, "yes: req-1", 10.0, 5.0, "d")
    bad = validate.Row("b", "single-node", "debian11", False, "**no** (failed)", True, "yes: req-1", 1.0, 1.0, "d")
    routed = validate.Row("n", "network", "debian11+linux-router", True, "yes", True, "yes: req-1", 1.0, 1.0, "d")
    tasks = {"a": validate.TaskFacts(1, ("debian12", "debian11")),
             "b": validate.TaskFacts(1, ("debian11",)),              # ran, not validated: again
             "c": validate.TaskFacts(1, ("debian11", "alma9")),      # never ran
             "d": validate.TaskFacts(1, ("debian12",)),              # does not claim debian11
             "n": validate.TaskFacts(2, ("debian11+linux-router", "debian11+vyos"))}  # one appliance left
    assert validate.pending([ok, bad, routed], tasks, "debian11") == ["b", "c", "n"]
    assert validate.pending([ok, bad, routed], tasks, "alma9") == ["c"]


def test_main_pending_runs_only_the_pending_task_folders(tmp_path, capsys):
    """A real pytest run (collect only) over the library: the command names the task folders."""
    root = Path(__file__).resolve().parents[1] / "tests_tasks"
    facts = validate.library(root)
    claimed = sorted(t for t, f in facts.items() if "debian11" in f.targets)
    done = claimed[1:]
    out = tmp_path / "VALIDATION.md"
    out.write_text(validate.render([validate.Row(t, "x", "debian11", True, "yes", True, "yes: req-1", 1.0, 1.0, "d",
                                                 wrong_cell="1/1") for t in done]))
    rc = validate.main(["--os", "debian11", "--pending", "--tasks-root", str(root), "--out", str(out),
                        "--work", str(tmp_path / "work"), "--", "--collect-only"])
    printed = capsys.readouterr().out
    assert f"1 task(s) pending on debian11: {claimed[0]}" in printed
    command = next(line for line in printed.splitlines() if line.startswith("+ "))
    assert str(facts[claimed[0]].path) in command and str(facts[done[0]].path) not in command
    assert rc == 2                                   # collected only: no run records
    out.write_text(validate.render([validate.Row(t, "x", "debian11", True, "yes", True, "yes: req-1", 1.0, 1.0, "d",
                                                 wrong_cell="1/1") for t in claimed]))
    assert validate.main(["--os", "debian11", "--pending", "--tasks-root", str(root), "--out", str(out)]) == 0
    assert "every task that claims debian11 validates there" in capsys.readouterr().out


def test_pending_needs_one_os(capsys):
    import pytest
    for argv in (["--pending"], ["--pending", "--os", "debian11,debian13"],
                 ["--pending", "--os", "debian11", "--no-run", "--work", "w"]):
        with pytest.raises(SystemExit) as exc:
            validate.main(argv)
        assert exc.value.code == 2
        assert "--pending needs exactly one OS in --os" in capsys.readouterr().err


def test_an_interrupted_sweep_files_only_the_task_oses_it_finished(tmp_path, capsys):
    sweep = tmp_path / "runs"
    _run(sweep, "disk-full-recovery", "debian11", "passed", agent="oracle")
    _run(sweep, "disk-full-recovery", "debian11", "failed", failed=("req-1",), agent="nop", run_id="r2")
    _run(sweep, "config-drift", "debian11", "passed", agent="oracle")
    _run(sweep, "config-drift", "debian11", None, agent="nop", run_id="r2")        # cut short
    _run(sweep, "disk-quota", "debian11", "failed", failed=("req-2",), agent="oracle")  # nop never began
    rows = validate.make_rows(validate.read_sweep(sweep))
    assert [r.task for r in validate.drop_unfinished(rows)] == ["disk-full-recovery"]
    # a wrong solution the task has that the sweep never reached: not finished either
    tasks = {"disk-full-recovery": validate.TaskFacts(1, ("debian11",), wrong=(("caches-only", ("req-1",)),))}
    rows = validate.make_rows(validate.read_sweep(sweep), tasks)
    assert "disk-full-recovery" not in [r.task for r in validate.drop_unfinished(rows)]
    assert "not recorded: config-drift[debian11], disk-quota[debian11]" in capsys.readouterr().err


def test_a_run_the_interrupt_ended_is_unfinished_and_a_rebuild_does_not_file_it(tmp_path, capsys):
    work = tmp_path / "work"
    _run(work / "runs", "dhcp-server", "debian12", "passed", agent="oracle")
    _run(work / "runs", "dhcp-server", "debian12", "failed", failed=("req-1",), agent="nop", run_id="r2")
    _run(work / "runs", "hairpin-nat", "debian12", "passed", agent="oracle")
    _run(work / "runs", "hairpin-nat", "debian12", "error", agent="nop", run_id="r2",
         error={"type": "interrupted", "message": "interrupted", "phase": "restore"})
    assert validate.read_sweep(work / "runs")[("hairpin-nat", "debian12", "nop")].outcome is None
    out = tmp_path / "VALIDATION.md"
    assert validate.main(["--no-run", "--work", str(work), "--out", str(out),
                          "--tasks-root", str(tmp_path / "no-tasks")]) == 0
    assert [r.task for r in validate.parse_rows(out.read_text())] == ["dhcp-server"]
    assert "not recorded: hairpin-nat[debian12]" in capsys.readouterr().err


_PARENT = """
import sys
from fixtures import validate
child = [sys.executable, "-c", '''
import pathlib, signal, sys, time
mark = pathlib.Path(sys.argv[1])
signal.signal(signal.SIGTERM, lambda *a: (mark.write_text("TERM"), sys.exit(2)))
signal.signal(signal.SIGINT, lambda *a: (mark.write_text("INT"), sys.exit(2)))
mark.write_text("ready")
time.sleep(60)
''', sys.argv[1]]
sys.exit(validate.run_pytest(child))
"""


def test_a_stopped_validation_lets_its_sweep_end_the_way_pytest_ends(tmp_path):
    """SIGTERM to validate, or Ctrl-C to its process group: the sweep gets the signal, cleans up,
    and its exit status comes back; it is not killed 0.25 s later as `subprocess.call` does."""
    import os, signal, subprocess, sys, time
    root = Path(__file__).resolve().parents[1]
    for signum, to_group in ((signal.SIGTERM, False), (signal.SIGINT, True)):
        mark = tmp_path / f"mark-{signum}"
        parent = subprocess.Popen([sys.executable, "-c", _PARENT, str(mark)], cwd=root,
                                  start_new_session=True)
        deadline = time.monotonic() + 30
        while not (mark.exists() and mark.read_text() == "ready") and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)  # the parent's handlers are set just after the child starts
        if to_group:
            os.killpg(parent.pid, signum)
        else:
            parent.send_signal(signum)
        assert parent.wait(30) == 2
        assert mark.read_text() == signum.name[3:]


def test_a_row_validated_before_its_task_had_wrong_solutions_is_pending_again():
    old = validate.Row("a", "single-node", "debian11", True, "yes", True, "yes: req-1", 1.0, 1.0, "d")
    ran = validate.Row("b", "single-node", "debian11", True, "yes", True, "yes: req-1", 1.0, 1.0, "d",
                       wrong_cell="2/2")
    tasks = {"a": validate.TaskFacts(1, ("debian11",), wrong=(("x", ("req-1",)), ("y", ("req-1",)))),
             "b": validate.TaskFacts(1, ("debian11",), wrong=(("x", ("req-1",)), ("y", ("req-1",))))}
    assert validate.pending([old, ran], tasks, "debian11") == ["a"]
    assert "Validated before the task had wrong solutions (1; `--pending` runs them again): a on debian11." \
        in validate.render([old, ran], tasks=tasks)

