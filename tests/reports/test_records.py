"""Reading run folders: gaps a crash leaves, expected-change globs, atomic analysis.json."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from reports.analysis import write_analysis
from reports.records import Expected, RecordError, mentions, read_commands, read_expected, read_run
from tests.reports.factory import RunBuilder, make_sweep


def test_torn_or_malformed_lines_are_skipped(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("ls")
    r.cmd("pwd")
    d = r.write()
    with (d / "commands.jsonl").open("a") as f:
        f.write('{"id": "c0003", "seq": 3, "command": 42}\n{"id": "c0004", "se')
    cmds = read_commands(d)
    assert [c.command for c in cmds] == ["ls", "pwd"]
    assert cmds[0].simple[0].argv == ("ls",) and cmds[0].end == cmds[0].start + 1.0


def test_harness_commands_are_not_parsed(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    r.cmd("rm -rf /tmp/probe", phase="snapshot:post_agent")
    assert read_commands(r.write())[0].simple == ()


def test_run_json_must_parse(tmp_path: Path) -> None:
    d = tmp_path / "r"
    d.mkdir()
    with pytest.raises(RecordError, match="not a run folder"):
        read_run(d)
    (d / "run.json").write_text("[1, 2")
    with pytest.raises(RecordError, match="run.json: not valid JSON"):
        read_run(d)


def test_expected_globs(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"), expected={
        "paths": ["/etc/nginx", "/etc/ssl/private/*.key"], "packages": ["postgresql-*"],
        "services": ["nginx.service"], "ports": ["443/tcp", "8080"], "users": ["app"]})
    e = read_expected(r.write())
    assert e.path("/etc/nginx/conf.d/a.conf") and e.path("/etc/ssl/private/site.key")
    assert not e.path("/etc/nginxx") and not e.path("/etc/ssl/private/site.crt")
    assert e.package("postgresql-16") and not e.package("postgresql")
    assert e.service("nginx") and e.service("nginx.service") and not e.service("apache2")
    assert e.port(443) and e.port("8080") and not e.port(80)
    assert e.group("app") and not e.user("bob")
    assert read_expected(tmp_path) == Expected()


def test_mentions_is_whole_word() -> None:
    assert mentions("cp x /tmp/a.log", "/tmp/a.log")
    assert not mentions("cp x /var/tmp/a.log", "/tmp/a.log")
    assert not mentions("apt install nginx-common", "nginx")
    assert mentions("apt install nginx nginx-common", "nginx")


def test_write_analysis_is_atomic_and_complete(tmp_path: Path) -> None:
    d = RunBuilder(make_sweep(tmp_path / "s")).write()
    result = write_analysis(d)
    assert json.loads((d / "analysis.json").read_text()) == json.loads(json.dumps(result))
    assert [p.name for p in d.iterdir() if p.name.startswith(".")] == []
    assert set(result) == {"schema", "run", "node_os", "leftovers", "high_impact", "repos",
                           "firewall", "commands", "polling", "illusion"}
