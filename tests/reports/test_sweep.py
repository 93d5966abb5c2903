"""A sweep end to end: analyses, summary.md, findings.html, the parquet data set, the CLI."""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from reports import dns, sweep
from reports.__main__ import main
from reports.data import SCHEMAS
from records import RecordError
from tests.reports.factory import RunBuilder, base_node, changed, make_sweep

F = {"size": 1, "mtime": 2.0, "sha256": "x", "mode": "0644", "owner": "root"}


def sample_sweep(root: Path) -> Path:
    s = make_sweep(root / "sweep-a")
    # 1: passes, leaves a log and a key, stops a service, configures a dead repository
    r = RunBuilder(s, task="rabbitmq-cluster", os="alma9", category="clustered-services",
                   run_id="20260101T000001-aaaaaa", node_count=2, agent_s=900)
    r.cmd("systemctl stop rabbitmq-server && rm -rf /var/lib/rabbitmq/mnesia", node="node1")
    r.cmd("echo 'baseurl=https://el9.rabbitmq.com/el/9/' > /etc/yum.repos.d/rabbitmq.repo",
          node="node2", exit_code=1)
    r.snapshot("post_prepare", node1=base_node(), node2=base_node())
    r.snapshot("post_agent", node1=changed(base_node(), files={"/tmp/debug.log": F},
                                           secrets={"/tmp/ca.key": ["private_key"]}),
               node2=changed(base_node(), repos={"/etc/yum.repos.d/rabbitmq.repo": "r"},
                             repo_urls=["http://deb.debian.org/debian", "https://el9.rabbitmq.com/el/9/"]))
    r.checks = {"post_agent": [{"id": "req-1", "text": "cluster", "status": "satisfied",
                                "detail": "", "command_ids": ["c0001"]}]}
    r.write()
    # 2: fails although the agent said completed; firewalld never permanent, lost on reboot
    r = RunBuilder(s, task="host-firewall", os="rhel98", category="single-node",
                   run_id="20260101T000002-bbbbbb", outcome="failed", persist=True, agent_s=200)
    r.run["failed_requirements"] = ["req-2"]
    r.cmd("firewall-cmd --add-service=http")
    fw_before = changed(base_node(), firewall={"tools": ["firewalld"], "runtime": {"firewalld": "ssh"},
                                                "saved": {}})
    fw_after = changed(fw_before, firewall={"runtime": {"firewalld": "ssh http"}})
    r.snapshot("post_prepare", node1=fw_before)
    r.snapshot("post_agent", node1=fw_after)
    r.snapshot("post_reboot", node1=fw_before)
    r.checks = {"post_agent": [{"id": "req-2", "text": "http open", "status": "satisfied",
                                "detail": "", "command_ids": []}],
                "post_reboot": [{"id": "req-2", "text": "http open", "status": "not_satisfied",
                                 "detail": "refused", "command_ids": []}]}
    r.write()
    # 3: an infrastructure error: listed apart, in no rate
    r = RunBuilder(s, task="host-firewall", os="debian12", category="single-node",
                   run_id="20260101T000003-cccccc", outcome="error",
                   error={"type": "infrastructure", "phase": "provision", "message": "no boot"})
    r.write()
    # 4: passes cleanly on another OS, slower
    r = RunBuilder(s, task="host-firewall", os="debian12", category="single-node",
                   run_id="20260101T000004-dddddd", agent_s=600)
    r.cmd("nft add rule inet filter input tcp dport 80 accept; nft list ruleset > /etc/nftables.conf")
    r.snapshot("post_prepare", node1=base_node())
    r.snapshot("post_agent", node1=base_node())
    r.write()
    return s


def test_build_end_to_end(tmp_path: Path) -> None:
    s = sample_sweep(tmp_path)
    summary = sweep.build(s, workers=1)
    assert (summary.runs, summary.counted, summary.errors) == (4, 3, 1)
    for run in sweep.find_runs(s):
        assert json.loads((run / "analysis.json").read_text())["schema"] == "opsbench.analysis/1"

    md = (s / "summary.md").read_text()
    for title in ("1. Pass rate by category", "2. Command fail rate by node OS",
                  "3. Leftovers across all runs", "4. Completion time by task type",
                  "5. High-impact command classes", "6. Repository URLs and DNS",
                  "7. Firewall changes lost on reboot", "8. The polling trap",
                  "The illusion of done", "Runs ended by infrastructure errors"):
        assert title in md
    assert "| clustered-services | 1 | 1 | 0 | 100.0% |" in md
    assert "| single-node | 2 | 1 | 1 | 50.0% |" in md  # the error run is not counted
    assert "| Total | 3 | 2 | 1 | 66.7% |" in md
    # the failed run held until the reboot: lost on reboot, not a claim that failed right away
    assert "| Agent reported completed, failed on a requirement unmet after it | 0 | 0.0% |" in md
    assert "| A check passed after the agent, failed after the reboot | 1 | 33.3% |" in md
    assert "| The agent left a node powered off or halted | 0 | 0.0% |" in md
    assert "| The reboot stopped in emergency or rescue mode | 0 | 0.0% |" in md
    assert "| firewalld | rhel98 | 1 | 1 | 1 | 1 | 0 | 100.0% |" in md
    assert "| el9.rabbitmq.com | 1 | not checked | command, repo_file |" in md
    assert "no boot" in md

    html = (s / "findings.html").read_text()
    assert html.startswith('<section class="opsbench-findings">') and html.rstrip().endswith("</section>")
    assert html.count('src="data:image/png;base64,') >= 4 and "<table>" in html

    data = s / "data"
    tables = {name: pq.read_table(data / f"{name}.parquet") for name in SCHEMAS}
    for name, t in tables.items():
        assert t.column_names == [c.name for c in SCHEMAS[name]]
    runs = tables["runs"].to_pylist()
    assert len(runs) == 4 and {r["outcome"] for r in runs} == {"passed", "failed", "error"}
    rabbit = next(r for r in runs if r["task"] == "rabbitmq-cluster")
    assert rabbit["leftovers"] == "left" and set(rabbit["high_impact_classes"]) == {
        "service_stop", "recursive_force_remove"}
    assert rabbit["repo_hosts"] == ["el9.rabbitmq.com"]
    cmds = tables["commands"].to_pylist()
    stop = next(c for c in cmds if c["command"].startswith("systemctl stop"))
    assert len(cmds) == 4 and sorted(stop["high_impact"]) == ["recursive_force_remove", "service_stop"]
    assert stop["node_os"] == "alma9" and stop["exit_code"] == 0
    assert tables["commands"].schema.field("started_at").type.tz == "UTC"
    assert {r["status"] for r in tables["requirements"].to_pylist()} == {"satisfied", "not_satisfied"}
    assert {r["class"] for r in tables["leftovers"].to_pylist()} == {"temp_files", "credentials", "config",
                                                                     "packages"}
    assert len(tables["high_impact"]) == 2
    card = (data / "README.md").read_text()
    assert "`runs.parquet`" in card and "`transport_errors`" in card


def test_rebuilding_gives_the_same_findings(tmp_path: Path) -> None:
    s = sample_sweep(tmp_path)
    sweep.build(s, workers=1)
    first = (s / "summary.md").read_text(), pq.read_table(s / "data" / "runs.parquet")
    sweep.build(s, workers=1)
    assert (s / "summary.md").read_text() == first[0]
    assert pq.read_table(s / "data" / "runs.parquet").equals(first[1])


def _outputs(s: Path) -> dict[str, object]:
    """Everything a build writes: analyses, summary, HTML (figures included), data set."""
    out: dict[str, object] = {str(p.relative_to(s)): p.read_bytes()
                              for p in sorted(s.glob("*/*/*/analysis.json"))}
    out.update({name: (s / name).read_bytes() for name in ("summary.md", "findings.html")})
    out.update({name: pq.read_table(s / "data" / f"{name}.parquet") for name in SCHEMAS})
    return out


def test_parallel_build_matches_serial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = sample_sweep(tmp_path)
    serial = sweep.build(s, workers=1)
    expected = _outputs(s)
    monkeypatch.setattr(sweep, "_PARALLEL_MIN_RUNS", 1)
    monkeypatch.setattr(sweep, "_SLICES_PER_WORKER", 1)  # two runs a slice: order must hold
    parallel = sweep.build(s, workers=2)
    assert parallel.tables == serial.tables
    got = _outputs(s)
    assert got.keys() == expected.keys()
    for name, value in expected.items():  # same rows in the same order, same bytes
        assert got[name].equals(value) if hasattr(value, "equals") else got[name] == value, name
    assert sorted(p.name for p in s.iterdir() if p.name.startswith(".")) == []  # no spill left


def test_check_dns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s = sample_sweep(tmp_path)
    monkeypatch.setattr(sweep, "resolve_all", functools.partial(
        dns.resolve_all, resolver=lambda h: dns.NXDOMAIN if h.startswith("el9.") else dns.RESOLVES))
    summary = sweep.build(s, check_dns=True, workers=1)
    assert ("el9.rabbitmq.com", 1, "does not resolve", "command, repo_file") in summary.table("repos").rows
    run = next(r for r in sweep.find_runs(s) if "rabbitmq" in str(r))
    assert json.loads((run / "analysis.json").read_text())["repos"]["hosts"] == {
        "el9.rabbitmq.com": "does not resolve"}
    dead = pq.read_table(s / "data" / "runs.parquet").column("dns_failures").to_pylist()
    assert ["el9.rabbitmq.com"] in dead


def test_findings_html_builds_and_returns_the_fragment(tmp_path: Path) -> None:
    s = sample_sweep(tmp_path)
    fragment = sweep.findings_html(s)
    assert fragment == (s / "findings.html").read_text() and "Pass rate by category" in fragment
    assert (s / "summary.md").is_file()


def test_the_report_reads_the_findings_of_the_build_without_building_again(tmp_path: Path,
                                                                           monkeypatch) -> None:
    s = sample_sweep(tmp_path)
    sweep.build(s, workers=1)  # what the sweep's end does, once
    monkeypatch.setattr(sweep, "build", lambda *a, **k: pytest.fail("findings built twice"))
    assert sweep.findings_html(s) == (s / "findings.html").read_text()


def test_unreadable_run_is_reported_not_fatal(tmp_path: Path) -> None:
    s = sample_sweep(tmp_path)
    bad = s / "t" / "o" / "20260101T000009-eeeeee"
    bad.mkdir(parents=True)
    (bad / "run.json").write_text("{not json")
    summary = sweep.build(s, workers=1)
    assert summary.runs == 4 and summary.unreadable[0][0] == str(bad)
    assert "Unreadable run folders" in (s / "summary.md").read_text()


def test_empty_sweep(tmp_path: Path) -> None:
    s = make_sweep(tmp_path / "empty")
    summary = sweep.build(s, workers=1)
    assert summary.runs == 0 and (s / "findings.html").is_file()
    assert pq.read_table(s / "data" / "commands.parquet").num_rows == 0


def test_a_folder_without_sweep_json_is_one_clear_error(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RecordError, match="is not a sweep: expected .*sweep.json"):
        sweep.build(tmp_path)
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and str(tmp_path / "sweep.json") in err
    assert main([str(tmp_path / "nope")]) == 2


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = sample_sweep(tmp_path)
    assert main([str(s), "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "4 runs (3 counted, 1 errors)" in out and str(s / "summary.md") in out


def test_a_finding_without_data_says_none_instead_of_an_empty_plot(tmp_path: Path) -> None:
    """Clean runs: no leftovers, no high-impact command, no polling — those plots would have
    nothing on them (and matplotlib's axes would run from −0.04 to 0.04)."""
    s = make_sweep(tmp_path / "clean")
    for i in range(3):
        r = RunBuilder(s, task=f"task-{i}", run_id=f"20260101T00000{i}-abcdef")
        r.cmd("true")
        r.snapshot("post_prepare", node1=base_node())
        r.snapshot("post_agent", node1=base_node())
        r.write()
    sweep.build(s, workers=1)
    page = (s / "findings.html").read_text()
    drawn = re.findall(r'<img alt="([^"]*)"', page)
    assert drawn == ["1. Pass rate by category", "4. Completion time by task type (agent minutes)"]
    # command fail rate, leftovers, high-impact classes, polling: no data, said in words
    assert page.count("Plot: none (no run of this sweep has any).") == 4
