"""Reading run folders: gaps a crash leaves, expected-change globs, atomic analysis.json."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from reports.analysis import write_analysis
from records import Expected, RecordError, read_expected, read_snapshot
from reports.records import mentions, read_commands, read_run
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


def test_large_sections_byte_identical_across_snapshots_are_decoded_once(tmp_path: Path) -> None:
    etc = {f"/etc/conf{i}": "ab" * 32 for i in range(100)}  # > 2 KiB of JSON
    for name in ("a", "b"):
        (tmp_path / f"{name}.json").write_text(json.dumps(
            {"nodes": {"node1": {"ok": True, "etc": etc, "hostname": name}}}))
    a = read_snapshot(tmp_path / "a.json")["node1"]
    b = read_snapshot(tmp_path / "b.json")["node1"]
    assert a.get("etc") == etc and a.get("etc") is b.get("etc")  # shared: readers never modify
    assert (a.get("hostname"), b.get("hostname")) == ("a", "b")


@pytest.mark.parametrize("text, expected", [
    ('{"seq": 1, "command": "a"}\n{"seq": 2, "command": "b"}\n', ["a", "b"]),
    ('\n  {"seq": 1, "command": "a"}\n\n \n{"seq": 2, "command": "b"}', ["a", "b"]),  # blank lines
    ('{"seq": 1, "command": "a"}\r\n{"seq": 2, "command": "b"}\r\n', ["a", "b"]),  # CRLF
    ('{"seq": 1,\r"command": "a"}\n{"seq": 2, "command": "b"}\n', ["b"]),  # \r splits a line
    ('{"seq": 1,\n"command": "a"}\n{"seq": 2, "command": "b"}\n', ["b"]),  # object over 2 lines
    ('{"seq": 1, "command": "a"} {"seq": 3}\n{"seq": 2, "command": "b"}\n', ["b"]),  # 2 on a line
    ("", []),
])
def test_commands_are_one_object_per_line(tmp_path: Path, text: str, expected: list[str]) -> None:
    (tmp_path / "commands.jsonl").write_bytes(text.encode())
    assert [c.command for c in read_commands(tmp_path)] == expected


def test_a_reboot_that_stopped_in_emergency_mode_is_an_illusion_of_done(tmp_path: Path) -> None:
    r = RunBuilder(make_sweep(tmp_path / "s"))
    assert write_analysis(r.write())["illusion"]["boot_dead_end"] is False
    r.run["boot_dead_end"] = {"node": "node1", "console": "You are in emergency mode."}
    assert write_analysis(r.write())["illusion"]["boot_dead_end"] is True
