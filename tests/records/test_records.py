"""The records package: one place that names the files of a run, one writer, one reader."""
from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from records import (MASK, CommandRecord, JsonlWriter, RecordError, RunPaths, SweepPaths,
                     create_json, find_runs, find_runs_below, json_text, read_commands, read_json,
                     read_json_optional, read_sweep, write_json, write_text)

ROOT = Path(__file__).resolve().parents[2]
SECRET = "secret-in-env-0123"


@pytest.fixture
def secret_env(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)


def test_every_file_of_a_run_is_named_in_docs_records_md():
    doc = (ROOT / "docs" / "records.md").read_text()
    paths = RunPaths(Path("/s/t/o/r"))
    named = [paths.run, paths.commands, paths.topology, paths.snapshot("post_agent"),
             paths.messages, paths.report, paths.usage, paths.checks, paths.evaluation_report(),
             paths.global_observations, paths.executor_evidence, paths.analysis, paths.page]
    for p in named:
        rel = p.relative_to(paths.dir).as_posix().replace("post_agent", "<phase>")
        assert rel in doc or p.name in doc, rel
    assert paths.evaluation_report(3).name == "evaluation-report.v3.json"
    assert paths.verifier_usage(1).name == "usage.json" and paths.verifier_messages(2).name == "messages.v2.jsonl"


def test_writers_redact_and_publish_whole_files(tmp_path, secret_env):
    write_json(tmp_path / "b" / "y.json", {"k": [SECRET], SECRET: Path("/x")})
    assert json.loads((tmp_path / "b" / "y.json").read_text()) == {"k": [MASK], MASK: "/x"}
    write_text(tmp_path / "b" / "n.md", f"key {SECRET}")
    assert (tmp_path / "b" / "n.md").read_text() == f"key {MASK}"
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == ["n.md", "y.json"]  # no temp file
    # the same data gives the same bytes (sorted keys), whatever the insertion order
    assert json_text({"b": 1, "a": {"d": 2, "c": 3}}) == json_text({"a": {"c": 3, "d": 2}, "b": 1})


def test_a_dataclass_is_redacted_too(tmp_path, secret_env):
    """What msgspec encodes natively is redacted as well: redaction runs on the encoded text."""
    rec = CommandRecord(id="c0001", command=f"curl -H 'x-api-key: {SECRET}' http://h")
    write_json(tmp_path / "c.json", rec)
    assert SECRET not in (tmp_path / "c.json").read_text()


def test_create_json_never_replaces_and_racing_writers_leave_one(tmp_path):
    path = tmp_path / "v" / "evaluation-report.v2.json"
    results: list[str] = []

    def writer(n: int) -> None:
        try:
            create_json(path, {"writer": n})
            results.append("won")
        except FileExistsError:
            results.append("lost")

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("won") == 1 and results.count("lost") == 7
    assert list(path.parent.iterdir()) == [path]


def test_jsonl_appends_redacted_lines_and_a_torn_line_is_skipped(tmp_path, secret_env):
    path = tmp_path / "commands.jsonl"
    w = JsonlWriter(path)
    w.write(CommandRecord(id="c0002", seq=2, command=f"echo {SECRET}"))
    w.write(CommandRecord(id="c0001", seq=1, command="true"))
    w.close()
    with path.open("a") as f:
        f.write('{"id": "c0003", "seq": 3, "comm')  # a crash mid-append
    got = read_commands(path)
    assert [c.id for c in got] == ["c0001", "c0002"]  # in seq order
    assert got[1].command == f"echo {MASK}"
    assert read_commands(tmp_path / "missing.jsonl") == []


def test_an_older_line_without_newer_fields_still_reads(tmp_path):
    path = tmp_path / "commands.jsonl"
    path.write_text('{"id": "c0001", "seq": 1, "node": "n1", "command": "ls", "exit_code": 0}\n')
    (c,) = read_commands(path)
    assert (c.node, c.exit_code, c.timeout_s, c.truncated) == ("n1", 0, None, False)


def test_readers_tell_missing_torn_and_invalid_apart(tmp_path):
    (tmp_path / "torn.json").write_text('{"a": ')
    assert read_json_optional(tmp_path / "torn.json") is None
    assert read_json_optional(tmp_path / "missing.json") is None
    with pytest.raises(RecordError, match="torn.json: not valid JSON"):
        read_json(tmp_path / "torn.json")


def test_find_runs_follows_the_documented_layout(tmp_path):
    sweep = SweepPaths(tmp_path / "sweep")
    write_json(sweep.meta, {"sweep_id": "s"})
    runs = [sweep.run("task-b", "debian12", "20260101T000000-aaaaaa"),
            sweep.run("task-a", "debian13", "20260101T000001-bbbbbb")]
    for r in runs:
        write_json(r.run, {"task": r.dir.parent.parent.name})
    write_json(sweep.dir / "task-a" / "debian13" / "deeper" / "x" / "run.json", {})  # not a run
    assert find_runs(sweep.dir) == sorted(r.dir for r in runs)
    assert find_runs(sweep.dir, "task-b") == [runs[0].dir]
    assert find_runs_below(tmp_path) == sorted(r.dir for r in runs)
    assert read_sweep(sweep.dir) == {"sweep_id": "s"}
    with pytest.raises(RecordError, match="is not a sweep: expected .*sweep.json"):
        read_sweep(tmp_path)
    with pytest.raises(RecordError, match="no such directory"):
        read_sweep(tmp_path / "nowhere")


# Modules that may spell a run folder's file names: the records package, and the importer,
# which reads the study's own trial layout (not ours).
_NAMES = re.compile(r"""["'](run\.json|commands\.jsonl|topology\.json|checks\.json|report\.json|"""
                    r"""usage\.json|messages\.jsonl|sweep\.json|analysis\.json|"""
                    r"""evaluation-report\.json|global-observations\.json|executor-evidence\.json)["']""")
_PACKAGES = ("lab", "fixtures", "agents", "llm", "verifier", "reports")


def test_no_module_outside_records_spells_a_record_file_name():
    offenders = []
    for pkg in _PACKAGES:
        for path in sorted((ROOT / pkg).glob("*.py")):
            for n, line in enumerate(path.read_text().splitlines(), 1):
                if _NAMES.search(line) and "study" not in line and "trial" not in line:
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "use records.RunPaths / SweepPaths:\n" + "\n".join(offenders)


def test_no_module_outside_records_globs_for_runs():
    offenders = [f"{p.relative_to(ROOT)}" for pkg in _PACKAGES for p in (ROOT / pkg).glob("*.py")
                 if re.search(r"""glob\(["'][^"']*run\.json""", p.read_text())]
    assert not offenders, "use records.find_runs: " + ", ".join(offenders)


# -- the typed records and their schemas --------------------------------------------------------

def test_the_generated_schemas_are_current():
    from records.__main__ import main
    assert main(["schemas", "--check"]) == 0, "run: python -m records schemas"


def test_every_run_json_field_has_a_row_in_docs_records_md():
    import msgspec

    from records import RunDoc
    doc = (ROOT / "docs" / "records.md").read_text()
    table = doc.split("## run.json", 1)[1].split("\n## ", 1)[0]
    rows = {name for line in table.splitlines() if line.startswith("| `")
            for name in re.findall(r"`([a-z_]+)`", line.split("|")[1])}
    missing = [f for f in msgspec.structs.fields(RunDoc) if f.name not in rows]
    assert not missing, [f.name for f in missing]


def test_a_run_written_by_the_recorder_matches_its_type_and_its_json_schema(tmp_path, secret_env):
    import jsonschema

    from fixtures.record import RunRecorder
    from lab.result import CommandResult
    from records import json_schema, validate
    rec = RunRecorder(tmp_path / "t" / "debian12" / "r1", {
        "run_id": "r1", "sweep_id": "s", "task": "t", "category": "single-node", "os": "debian12",
        "family": "debian", "appliance": None, "agent": "nop", "model": None, "effort": None,
        "trial": 1, "host": None, "node_count": 1, "persist": True, "reboot_check": True,
        "attempt": 1, "virt_type": "qemu"})
    try:
        with rec.timed("agent"):
            rec.add_command(CommandResult(node="node1", user="root", command=f"echo {SECRET}",
                                          started_at="2026-01-01T00:00:00Z", duration_ms=3,
                                          exit_code=0, stdout="ok\n", stderr=""), source="agent")
        rec.finish("failed")
    finally:
        rec.close()
    run = read_json(rec.paths.run)
    for kind, data in [("run", run), *(("command", c) for c in
                                       (json.loads(ln) for ln in rec.paths.commands.read_text().splitlines()))]:
        validate(kind, data)
        jsonschema.Draft202012Validator(json_schema(kind)).validate(data)


def test_validate_names_the_field_that_is_wrong():
    from records import validate
    with pytest.raises(RecordError, match=r"x/run.json: not a valid run record: .*outcome"):
        validate("run", {"run_id": "r", "task": "t", "os": "o", "agent": "a",
                         "started_at": "2026-01-01T00:00:00Z", "outcome": "won"}, "x/run.json")
    with pytest.raises(ValueError, match="no record kind 'nope'; kinds: run, sweep"):
        validate("nope", {})
