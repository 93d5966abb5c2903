"""`python -m reports import` on the study corpus (tests/data/study/): real trials as the study
published them, in both of its layouts. Damaged records are made from copies of real trials."""
from __future__ import annotations

import atexit
import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from reports.__main__ import main
from reports.analysis import analyse_run
from records import study_command_log as command_log
from reports.importer import find_trials, import_folder, join_copies, trial_copies
from reports.noise import is_noise
from reports.sweep import build, find_runs

CORPUS = Path(__file__).resolve().parents[1] / "data" / "study"
# a trial the study published in both layouts is one trial, named by its category-layout copy
COPIES = {c[0]: c for c in trial_copies(find_trials(CORPUS))}
TRIALS = sorted(COPIES)
_VIEWS = Path(tempfile.mkdtemp(prefix="ob-study-views-"))
atexit.register(shutil.rmtree, _VIEWS, True)
LABELS = {r["trial_dir"]: r for r in
          (json.loads(ln) for ln in (CORPUS / "trials.jsonl").read_text().splitlines() if ln.strip())}


def rel(trial: Path) -> str:
    return str(trial.relative_to(CORPUS))


def view(trial: Path) -> Path:
    """The trial's files, joined across its copies (as the importer joins them)."""
    copies = COPIES[trial]
    if len(copies) == 1:
        return trial
    where = _VIEWS / trial.name
    return where / trial.name if where.exists() else join_copies(copies, where)


def raw_records(trial: Path) -> list[dict[str, Any]]:
    return [json.loads(ln) for ln in command_log(view(trial)).read_text().splitlines() if ln.strip()]


def reward(trial: Path) -> float | None:
    result = json.loads((view(trial) / "result.json").read_text())
    return result.get("verifier_result", {}).get("rewards", {}).get("reward")


@pytest.fixture(scope="module")
def sweep(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("study") / "sweep"
    import_folder(CORPUS, out, workers=2)
    build(out, workers=1)
    return out


def runs_by_trial(sweep: Path) -> dict[str, tuple[dict, dict, Path]]:
    out = {}
    for run_dir in find_runs(sweep):
        run = json.loads((run_dir / "run.json").read_text())
        analysis = json.loads((run_dir / "analysis.json").read_text())
        out[run["imported_from"]] = (run, analysis, run_dir)
    return out


def copy_trial(trial: Path, dest: Path) -> Path:
    """A copy keeping the trial's folders from jobs/ down (its layout, its variant files)."""
    target = dest / rel(trial)
    shutil.copytree(trial, target)
    for f in trial.parent.iterdir():
        if f.is_file():
            shutil.copy(f, target.parent / f.name)
    return target


def one(predicate) -> Path:
    for t in TRIALS:
        if predicate(t):
            return t
    pytest.skip("no corpus trial fits")


def test_the_corpus_is_what_the_issue_asks_for() -> None:
    # The issue asks for 40 trials, 5 of them failed. The look-ups of the first session ran out
    # at 36 and 3 (failed runs are rare among the trials the store holds complete); the next
    # session raises both numbers here as it adds trials.
    assert len(TRIALS) >= 40
    assert set(LABELS) == {rel(t) for t in TRIALS}, "trials.jsonl lists every trial, no other"
    for trial in TRIALS:  # each holds what the study stores for a trial (across its copies)
        files = {str(f.relative_to(view(trial))) for f in view(trial).rglob("*")}
        assert {"result.json", "verifier/evaluation-report.json", "verifier/global-observations.json"} <= files, trial
        assert command_log(view(trial)) is not None, trial
    rows = list(LABELS.values())
    assert len({r["category"] for r in rows}) == 8
    linux = {"almalinux9", "alpine", "centos-stream10", "rhel7", "rhel9", "rhel10", "ubuntu16",
             "ubuntu24"}
    seen_os = {part for r in rows for part in r["os"].split("+")}
    assert linux <= seen_os and {"vyos", "opnsense", "openwrt", "sonic"} <= seen_os
    assert sum(1 for r in rows if r["reward"] is not None and r["reward"] < 1) >= 5
    assert sum(1 for r in rows if r["study_leftovers"]) >= 5
    assert sum(1 for r in rows if r["agent_rebooted"]) >= 5
    assert sum(1 for r in rows if r["category"] == "clustered-services") >= 3
    assert sum(1 for r in rows if r["firewalld"]) >= 3
    layouts = {r["layout"] for r in rows}
    assert layouts == {"category", "numbered", "category+numbered"}
    size = sum(f.stat().st_size for f in CORPUS.rglob("*") if f.is_file())
    assert size < 30 * 2**20
    held_back = ("ssh-key-only", "sticky-drop-directory", "cron-access-control")
    assert not any(r["task"] in held_back and r["os"] == "ubuntu24"
                   and r["category"] == "single-node-os-comparison" for r in rows)


def test_every_trial_imports_with_its_own_identity(sweep: Path) -> None:
    runs = runs_by_trial(sweep)
    assert set(runs) == {rel(t) for t in TRIALS}
    for trial, (run, _, _) in runs.items():
        label = LABELS[trial]
        if run["category"] == "unknown":  # only where the trial's own files name none
            assert not view(CORPUS / trial).parent.joinpath("variant.toml").is_file(), trial
            assert "unknown_category" in [w["kind"] for w in run["import_warnings"]], trial
        else:
            assert run["category"] == label["category"], trial
        assert run["task"] == label["task"], trial
        assert run["os"] in label["os"].split("+"), trial
        assert run["family"] != "unknown", trial


def test_outcome_is_the_study_reward_and_the_agent_status_is_kept(sweep: Path) -> None:
    for trial, (run, analysis, _) in runs_by_trial(sweep).items():
        r = reward(CORPUS / trial)
        assert run["outcome"] == ("passed" if r >= 1.0 else "failed"), trial
        assert run["reward"] == r and run["reward_source"] == "result.json"
        assert run["agent_status"] == LABELS[trial]["agent_status"], trial
        claimed = run["agent_status"] == "completed" and run["outcome"] == "failed"
        assert analysis["illusion"]["claimed_but_failed"] is claimed, trial


def test_the_study_command_ids_are_kept_and_its_evidence_resolves(sweep: Path) -> None:
    for trial, (run, _, run_dir) in runs_by_trial(sweep).items():
        ids = {json.loads(ln)["id"] for ln in (run_dir / "commands.jsonl").read_text().splitlines()}
        assert ids == {r["command_id"] for r in raw_records(CORPUS / trial)}, trial
        checks = json.loads((run_dir / "verifier" / "checks.json").read_text())["post_agent"]
        for check in checks:
            for ref in check["command_ids"]:
                if ref.startswith("global:"):
                    _, phase, node, _probe = ref.split(":")
                    snap = json.loads((run_dir / "snapshots" / f"{_PHASE[phase]}.json").read_text())
                    assert node in snap["nodes"], (trial, ref)
                else:
                    assert ref in ids, (trial, ref)


_PHASE = {"before_prepare": "pre_prepare", "after_prepare": "post_prepare",
          "after_executor": "post_agent"}


def test_the_command_fail_rate_follows_the_study_definition(sweep: Path) -> None:
    """Failed = non-zero exit status among the commands that returned one. Return code -1
    (`[Errno 104]`, `[Errno 110]`, a closed exec stream) is the executor's, not the command's;
    so is 255 from the executor's own ssh client when the node was rebooting: every 255 in the
    corpus was read by hand and is one of those (no agent command of the corpus got 255 from
    a program of its own)."""
    for trial, (_, analysis, _) in runs_by_trial(sweep).items():
        done = [r for r in raw_records(CORPUS / trial) if r.get("outcome") != "requested"]
        lost = [r for r in done if r.get("return_code") == 255]
        assert all(LOST.match(r["stderr"].strip()) and not r["stdout"] for r in lost), trial
        with_exit = [r for r in done if isinstance(r.get("return_code"), int)
                     and 0 <= r["return_code"] != 255]
        stats = analysis["commands"]
        assert stats["with_exit"] == len(with_exit), trial
        assert stats["failed"] == sum(1 for r in with_exit if r["return_code"] != 0), trial
        assert stats["transport_errors"] + stats["timeouts"] == len(done) - len(with_exit), trial
    assert any(a["commands"]["transport_errors"] for _, a, _ in runs_by_trial(sweep).values())


LOST = re.compile(r"^(ssh: connect to host \S+ port 22: Connection (refused|timed out)"
                  r"|Connection to \S+ closed by remote host\.)$")


@pytest.mark.parametrize("command, stdout, stderr, lost", [
    ("cat /proc/uptime", "", "ssh: connect to host 10.1.0.10 port 22: Connection refused\r\n", True),
    ("uptime", "", "Connection to 10.1.0.10 closed by remote host.\r\n", True),
    ("uptime", "", "ssh: connect to host 10.9.9.9 port 22: Connection refused\r\n", False),  # not this node
    ("ssh node2 uptime", "", "ssh: connect to host 10.1.0.10 port 22: Connection refused\r\n", False),
    ("sudo -n ssh -o BatchMode=yes ops@10.1.0.10 true", "",
     "ssh: connect to host 10.1.0.10 port 22: Connection refused", False),  # the agent's own ssh
    ("ssh-keyscan x; uptime", "up 3 min", "Connection to 10.1.0.10 closed by remote host.", False),
    ("false", "", "ops@10.1.0.10: Permission denied (publickey).", False),
])
def test_which_exit_255_means_the_executor_lost_the_node(command, stdout, stderr, lost) -> None:
    from reports.importer import executor_lost_node
    assert executor_lost_node(command, stdout, stderr, {"10.1.0.10"}) is lost


def test_snapshots_come_from_the_study_records(sweep: Path) -> None:
    """Each phase the study captured is imported (a file, or a section of global-observations,
    or an alias of another phase); a phase it lost is a counted warning, and leftovers are
    undetermined only then."""
    complete = 0
    for trial, (run, analysis, run_dir) in runs_by_trial(sweep).items():
        missing = {w["detail"].split(":")[0] for w in run["import_warnings"]
                   if w["kind"] == "snapshot_missing"}
        imported = set(run["snapshot_sources"])
        assert {_PHASE[m] for m in missing} | imported == {"pre_prepare", "post_prepare",
                                                           "post_agent"}, trial
        assert not {_PHASE[m] for m in missing} & imported, trial
        observed = set()
        for phase in imported:
            nodes = json.loads((run_dir / "snapshots" / f"{phase}.json").read_text())["nodes"]
            assert nodes, (trial, phase)
            # a node whose every probe the study marks unavailable (its lease expired) is not ok
            assert all(n["ok"] or "unavailable" in n.get("error", "") for n in nodes.values()), \
                (trial, phase)
            if all(n["ok"] for n in nodes.values()):
                observed.add(phase)
        decided = {"post_prepare", "post_agent"} <= observed
        assert (analysis["leftovers"]["status"] in ("left", "none")) is decided, trial
        complete += decided
    assert complete >= len(TRIALS) - 3


def test_a_file_the_agent_left_in_tmp_is_a_leftover(sweep: Path) -> None:
    """Every /tmp entry the study's snapshots show added after the agent, and that an agent
    command names by its path, is reported (alone or inside its new folder)."""
    found = 0
    for trial, (_, analysis, run_dir) in runs_by_trial(sweep).items():
        if not (run_dir / "snapshots" / "post_agent.json").is_file():
            continue
        before = json.loads((run_dir / "snapshots" / "post_prepare.json").read_text())
        after = json.loads((run_dir / "snapshots" / "post_agent.json").read_text())
        text = "\n".join(r.get("command") or "" for r in raw_records(CORPUS / trial))
        objects = {f["object"] for f in analysis["leftovers"]["findings"]}
        for node, snap in after["nodes"].items():
            new = set(snap.get("files", {})) - set(before["nodes"].get(node, {}).get("files", {}))
            for path in new:
                if is_noise("path", path) or path not in text:
                    continue
                assert any(path == o or path.startswith(o) and o.endswith("/")
                           or o.startswith(path) for o in objects), (trial, path)
                found += 1
    assert found >= 5


def test_workers_import_the_same_runs(tmp_path: Path, sweep: Path) -> None:
    serial = tmp_path / "serial"
    import_folder(CORPUS, serial, workers=1)
    assert len(find_runs(serial)) == len(find_runs(sweep))
    for a, b in zip(find_runs(serial), find_runs(sweep)):
        run_a, run_b = (json.loads((d / "run.json").read_text()) for d in (a, b))
        assert {**run_a, "sweep_id": None} == {**run_b, "sweep_id": None}
        assert (a / "commands.jsonl").read_bytes() == (b / "commands.jsonl").read_bytes()


def test_cli_imports_and_analyses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s"
    assert main(["import", str(CORPUS), "--out", str(out), "--workers", "2"]) == 0
    text = capsys.readouterr().out
    assert f"{len(TRIALS)} runs ({len(TRIALS)} counted, 0 errors)" in text
    assert "Import warnings" in (out / "summary.md").read_text()


# -- damaged or incomplete records: imported with a warning, never aborting, no silent change --

def imported(folder: Path, tmp_path: Path) -> tuple[dict, dict]:
    out = tmp_path / "out"
    import_folder(folder, out)
    (run_dir,) = find_runs(out)
    return json.loads((run_dir / "run.json").read_text()), analyse_run(run_dir)


def kinds(run: dict) -> list[str]:
    return [w["kind"] for w in run["import_warnings"]]


def test_reward_from_the_evaluation_report_when_result_json_has_none(tmp_path: Path) -> None:
    trial = copy_trial(one(lambda t: json.loads((t / "verifier" / "evaluation-report.json")
                                                .read_text()).get("reward") is not None),
                       tmp_path / "in")
    result = json.loads((trial / "result.json").read_text())
    result["verifier_result"] = None
    (trial / "result.json").write_text(json.dumps(result))
    run, _ = imported(tmp_path / "in", tmp_path)
    report = json.loads((trial / "verifier" / "evaluation-report.json").read_text())
    assert run["reward_source"] == "verifier/evaluation-report.json"
    assert run["outcome"] == ("passed" if report["reward"] >= 1 else "failed")


def test_without_any_reward_the_run_is_undecided_never_failed(tmp_path: Path) -> None:
    trial = copy_trial(TRIALS[0], tmp_path / "in")
    result = json.loads((trial / "result.json").read_text())
    result["verifier_result"] = None
    (trial / "result.json").write_text(json.dumps(result))
    report = json.loads((trial / "verifier" / "evaluation-report.json").read_text())
    report.pop("reward", None)
    (trial / "verifier" / "evaluation-report.json").write_text(json.dumps(report))
    run, _ = imported(tmp_path / "in", tmp_path)
    assert run["outcome"] == "undecided" and "no_reward" in kinds(run)
    summary = build(tmp_path / "out", workers=1)
    assert summary.counted == 0 and summary.other == 1


def test_a_trial_without_result_json_imports_with_a_warning(tmp_path: Path) -> None:
    original = TRIALS[0]
    trial = copy_trial(original, tmp_path / "in")
    (trial / "result.json").unlink()
    run, _ = imported(tmp_path / "in", tmp_path)
    assert "no_result" in kinds(run)
    assert run["task"] == LABELS[rel(original)]["task"]
    assert run["outcome"] in ("passed", "failed")  # from the evaluation report's reward


def _rewrite_log(trial: Path, edit) -> None:
    log = command_log(trial)
    log.write_bytes(edit(log.read_bytes()))


@pytest.mark.parametrize("damage, kind", [
    (lambda b: b.rstrip(b"\n")[:-40] + b"\n", "torn_line"),
    (lambda b: b + b'{"command_id": "cmd-x", "stdout": "\xff\xfe"}\n', "non_utf8_line"),
    (lambda b: b"", "empty_command_log"),
])
def test_a_damaged_command_log_imports_with_a_warning(tmp_path: Path, damage, kind: str) -> None:
    trial = copy_trial(TRIALS[0], tmp_path / "in")
    _rewrite_log(trial, damage)
    run, analysis = imported(tmp_path / "in", tmp_path)
    assert kind in kinds(run)
    assert run["outcome"] in ("passed", "failed")


def test_a_completion_without_its_request_is_kept_and_named(tmp_path: Path) -> None:
    trial = copy_trial(TRIALS[0], tmp_path / "in")
    lines = command_log(trial).read_text().splitlines()
    first_request = next(i for i, ln in enumerate(lines) if json.loads(ln)["outcome"] == "requested")
    cid = json.loads(lines[first_request])["command_id"]
    del lines[first_request]
    command_log(trial).write_text("\n".join(lines) + "\n")
    run, analysis = imported(tmp_path / "in", tmp_path)
    assert "completion_without_request" in kinds(run)
    done = [json.loads(ln) for ln in lines if json.loads(ln)["outcome"] != "requested"]
    assert analysis["commands"]["total"] == len(done)
    assert any(cid in w["detail"] for w in run["import_warnings"])


def test_an_executor_retry_keeps_both_attempts(tmp_path: Path) -> None:
    trial = copy_trial(TRIALS[0], tmp_path / "in")
    lines = command_log(trial).read_text().splitlines()
    cid = json.loads(lines[0])["command_id"]
    pair = [ln for ln in lines if json.loads(ln)["command_id"] == cid]
    command_log(trial).write_text("\n".join(lines + pair) + "\n")
    run, analysis = imported(tmp_path / "in", tmp_path)
    out = tmp_path / "out"
    (run_dir,) = find_runs(out)
    ids = [json.loads(ln)["id"] for ln in (run_dir / "commands.jsonl").read_text().splitlines()]
    assert ids.count(cid) == 1 and f"{cid}~2" in ids
    originals = sum(1 for ln in lines if json.loads(ln)["outcome"] != "requested")
    assert analysis["commands"]["total"] == originals + 1


def test_the_committed_comparison_is_current_and_every_disagreement_is_adjudicated(
        tmp_path: Path) -> None:
    from reports.study_comparison import compare
    text = compare(CORPUS, tmp_path / "sweep")
    assert "_not yet adjudicated_" not in text
    committed = Path(__file__).resolve().parents[2] / "docs" / "study-comparison.md"
    assert committed.read_text() == text, "run: python -m reports study-comparison"


def test_the_classes_of_the_corpus_commands_are_a_regression_fixture() -> None:
    """Every agent command of the corpus classified as tests/data/study-command-classes.json
    says (reviewed by hand when written: the commands with a class, each checked)."""
    from reports.analysis import high_impact
    from reports.records import read_commands as read_ours
    fixture = json.loads((CORPUS.parent / "study-command-classes.json").read_text())
    found: dict[str, set[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sweep = Path(tmp) / "s"
        import_folder(CORPUS, sweep)
        for run_dir in find_runs(sweep):
            trial = json.loads((run_dir / "run.json").read_text())["imported_from"]
            for f in high_impact(list(read_ours(run_dir)))["findings"]:
                found.setdefault(f"{trial}#{f['command_id']}", set()).add(f["class"])
    assert {k: sorted(v) for k, v in found.items()} == fixture
