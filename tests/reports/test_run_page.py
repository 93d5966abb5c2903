"""run.html, the run viewer: what it shows from a run's records, built by the sweep's findings,
linked from report.html, and looked at in a real browser (headless Chromium)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from reports.run_page import render, write_run_page
from reports.records import read_run
from reports.sweep import build
from tests.reports.factory import RunBuilder, base_node, make_sweep

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _run(tmp_path: Path, provider: str = "anthropic") -> Path:
    sweep = make_sweep(tmp_path / "sweep")
    r = RunBuilder(sweep, task="disk-full-recovery", outcome="failed",
                   error=None)
    r.run["failed_requirements"] = ["req-2"]
    r.cmd("probe", phase="snapshot:post_prepare", stdout='{"huge": "' + "x" * 5000 + '"}')
    look = r.cmd("df -P /", stdout="Filesystem 1K-blocks\n/dev/vda1 100 99\n")
    clean = r.cmd("rm -f /var/log/app.log.1 && echo '<script>alert(1)</script>'",
                  stdout="<script>alert(1)</script>\n" + "line\n" * 400, exit_code=0)
    r.cmd("false", exit_code=1, stderr="boom")
    r.snapshot("post_prepare", node1=base_node())
    after = base_node()
    after["files"]["/tmp/agent-notes.txt"] = {"size": 9, "mtime": 2.0, "sha256": "n", "mode": "0644",
                                             "owner": "root"}
    r.snapshot("post_agent", node1=after)
    r.checks = {"post_agent": [
        {"id": "req-1", "text": "A quarter of / is free.", "status": "satisfied", "detail": "",
         "command_ids": [clean]},
        {"id": "req-2", "text": "The export is kept.", "status": "not_satisfied",
         "detail": f"missing after {clean}", "command_ids": [look]}]}
    d = r.write()
    (d / "task" / "instruction.md").write_text("Free space on node1 & keep the export <safe>.")
    (d / "agent").mkdir()
    (d / "agent" / "report.json").write_text(json.dumps({
        "status": "completed", "summary": "freed space", "reason": None,
        "evidence": [{"requirement": "req-1", "command_ids": [clean]}]}))
    if provider == "anthropic":
        lines = [{"type": "message", "role": "user", "content": [{"type": "text", "text": "Free space"}]},
                 {"type": "message", "role": "assistant", "turn": 1, "stop_reason": "tool_use",
                  "content": [{"type": "thinking", "thinking": "the logs are big", "signature": "s"},
                              {"type": "tool_use", "id": "t1", "name": "run_command",
                               "input": {"node": "node1", "command": "df -P /"}}]},
                 {"type": "message", "role": "user", "content": [
                     {"type": "tool_result", "tool_use_id": "t1", "content": f"command {look} on node1: exit 0"}]}]
    else:
        lines = [{"type": "message", "role": "user", "content": "Free space"},
                 {"type": "message", "role": "assistant", "turn": 1, "stop_reason": "tool_calls",
                  "content": {"role": "assistant", "content": "Looking.", "reasoning_content": "the logs are big",
                              "tool_calls": [{"id": "call_1", "type": "function", "function": {
                                  "name": "run_command", "arguments": '{"node": "node1", "command": "df -P /"}'}}]}},
                 {"type": "message", "role": "tool", "content": [
                     {"role": "tool", "tool_call_id": "call_1", "content": f"command {look} on node1: exit 0"}]}]
    (d / "agent" / "messages.jsonl").write_text("".join(
        json.dumps({"seq": i, "at": "2026-01-01T00:00:00+00:00", **line}) + "\n"
        for i, line in enumerate(lines, 1)))
    return d


@pytest.mark.parametrize("provider", ["anthropic", "openai"])
def test_the_page_shows_the_run_from_its_records(tmp_path, provider):
    d = _run(tmp_path, provider)
    page = render(read_run(d), {"leftovers": {"findings": [
        {"class": "temp_files", "node": "node1", "path": "/tmp/agent-notes.txt", "command": "c0002"}]},
        "high_impact": {"findings": []}, "illusion": {"claimed_but_failed": True},
        "polling": {"jobs": [], "trap": False, "wasted_s": 0}})
    assert "<title>disk-full-recovery · debian12 · claude</title>" in page
    assert "badge failed" in page and "Failed: req-2" in page
    assert "Free space on node1 &amp; keep the export &lt;safe&gt;." in page
    # every command is there with its anchor; evidence and details link to it
    for cid in ("c0001", "c0002", "c0003", "c0004"):
        assert f"id='{cid}'" in page
    assert "missing after <a href='#c0003'>c0003</a>" in page
    assert "exit 1" in page and "boom" in page
    # long output is folded, the probe's output is not repeated, nothing the agent printed runs
    assert "<details><summary>402 lines" in page
    assert "x" * 5000 not in page and "(the snapshot: snapshots/post_prepare.json)" in page
    assert "<script>" not in page
    # the conversation: thinking and the tool call, in either provider's form
    assert "the logs are big" in page and "run_command" in page
    assert "command <a href='#c0002'>c0002</a> on node1" in page
    # snapshot differences and findings
    assert "/tmp/agent-notes.txt" in page and "temp_files" in page
    assert "claimed but failed" in page


def test_the_sweep_writes_a_page_per_run_and_the_report_links_it(tmp_path):
    d = _run(tmp_path)
    build(d.parents[2], workers=1)
    assert (d / "run.html").is_file() and "c0003" in (d / "run.html").read_text()
    from fixtures.plugin.run import row_html
    from fixtures.lifecycle import RunResult
    row = row_html(RunResult("failed", "", d), d.parents[2])
    assert "href='disk-full-recovery/debian12/20260101T000000-abcdef/run.html'" in row


def test_an_infrastructure_error_shows_with_its_phase(tmp_path):
    sweep = make_sweep(tmp_path / "s")
    r = RunBuilder(sweep, outcome="error", error={"phase": "provision", "type": "ProvisionError",
                                                  "message": "node1: not answering"})
    page = render(read_run(r.write()), {})
    assert "infrastructure error in provision" in page and "node1: not answering" in page


def test_secrets_in_the_records_stay_hidden_on_the_page(tmp_path):
    d = _run(tmp_path)
    with (d / "commands.jsonl").open("a") as f:
        f.write(json.dumps({"id": "c0009", "seq": 9, "phase": "agent", "source": "agent",
                            "node": "node1", "command": "echo 'root:Hunter2!x' | chpasswd",
                            "stdout": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
                                      "-----END OPENSSH PRIVATE KEY-----\n", "exit_code": 0}) + "\n")
    text = write_run_page(d).read_text()
    assert "Hunter2!x" not in text and "b3BlbnNzaC1rZXktdjEAAAAA" not in text


@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (scripts/install.sh installs it)")
def test_the_page_in_a_real_browser(tmp_path):
    """Chromium parses the page as a document (the anchors exist in its DOM) and draws it: the
    screenshot is kept beside the run, and is not blank."""
    import matplotlib.image
    d = _run(tmp_path, "openai")
    page = write_run_page(d)
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    dom = subprocess.run(args + ["--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    assert 'id="c0003"' in dom and "<details>" in dom and 'href="#c0003"' in dom
    shot = d / "run.png"
    subprocess.run(args + [f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[:2] == (1600, 1200) and pixels.std() > 0.05  # drawn, not blank


@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (scripts/install.sh installs it)")
def test_the_sweeps_findings_page_in_a_real_browser(tmp_path):
    """findings.html (the findings report.html embeds): its plots are decoded images in
    Chromium's DOM, and the page draws."""
    import matplotlib.image
    d = _run(tmp_path)
    sweep = d.parents[2]
    build(sweep, workers=1)
    page = sweep / "findings.html"
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    dom = subprocess.run(args + ["--dump-dom", page.as_uri()], capture_output=True, text=True,
                         timeout=120).stdout
    assert dom.count('src="data:image/png;base64,') >= 1 and "Findings" in dom
    shot = sweep / "findings.png"
    subprocess.run(args + [f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    assert matplotlib.image.imread(shot).std() > 0.05
