"""Comparing sweeps (reports/compare.py) and its statistics (reports/stats.py): known values of
the library-backed statistics, the intervals' coverage on synthetic sweeps of known true rates,
and a comparison of real run folders end to end."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from reports import stats
from reports.compare import compare, load_runs, pass_rate, read_map
from records import RecordError
from reports.sweep import build
from tests.reports.factory import RunBuilder, base_node, make_sweep

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_known_values() -> None:
    r = stats.wilson(2, 2)
    assert (round(100 * r.low, 1), round(100 * r.high, 1)) == (34.2, 100.0)
    r = stats.wilson(0, 2)
    assert (round(100 * r.low, 1), round(100 * r.high, 1)) == (0.0, 65.8)
    assert stats.wilson(0, 0).value is None


def test_mcnemar_exact_and_holm_known_values() -> None:
    # 1 and 8 discordant pairs: two-sided exact binomial p = 2 * (1 + 9) / 2**9
    t = stats.paired([True] * 10 + [True] + [False] * 8 + [False] * 5,
                     [True] * 10 + [False] + [True] * 8 + [False] * 5)
    assert (t.a_only, t.b_only, t.p) == (1, 8, pytest.approx(0.0390625))
    assert t.difference == pytest.approx(-7 / 24) and t.low <= t.difference <= t.high
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_pass_hat_k_and_pass_at_k() -> None:
    # one cell, 2 passes of 3 trials: all of 2 trials pass with C(2,2)/C(3,2) = 1/3; at least
    # one of 2 always
    assert stats.pass_hat_k([2], [3], 2) == pytest.approx(1 / 3)
    assert stats.pass_at_k([2], [3], 2) == pytest.approx(1.0)
    assert stats.pass_at_k([0, 3], [3, 3], 1) == pytest.approx(0.5)
    assert stats.pass_hat_k([1], [1], 2) is None  # fewer trials than k


def test_detectable_difference_shrinks_with_more_cells() -> None:
    few, many = stats.detectable_difference(10, 0.5), stats.detectable_difference(200, 0.5)
    assert 0 < many < few < 1
    assert stats.detectable_difference(1, 0.5) is None


@pytest.mark.parametrize("truth, runs", [(0.3, 40), (0.7, 74), (0.9, 120)])
def test_intervals_cover_the_true_rate_in_about_95_percent_of_sweeps(truth: float, runs: int) -> None:
    """2,000 synthetic sweeps of `runs` runs with a known true pass rate, rated by the code that
    rates groups in a comparison."""
    rng = np.random.default_rng(7)
    covered = 0
    for _ in range(2000):
        rows = [{"outcome": "passed" if x else "failed"} for x in rng.random(runs) < truth]
        r = pass_rate(rows)
        covered += r.low <= truth <= r.high
    assert 0.93 <= covered / 2000 <= 0.97, covered / 2000


def _sweep(root: Path, sweep_id: str, agent: str, outcomes: dict[str, list[str]],
           os_id: str = "debian12", model: str | None = None) -> Path:
    sweep = make_sweep(root / sweep_id, sweep_id)
    for task, per_trial in outcomes.items():
        for trial, outcome in enumerate(per_trial, 1):
            r = RunBuilder(sweep, task=task, os=os_id, outcome=outcome,
                           run_id=f"20260101T00000{trial}-{abs(hash((task, agent))) % 10**6:06d}")
            r.run.update(agent=agent, trial=trial, model=model)
            r.cmd("true")
            r.snapshot("post_prepare", node1=base_node())
            r.snapshot("post_agent", node1=base_node())
            r.write()
    build(sweep, workers=1)
    return sweep


def test_two_sweeps_compared_by_agent_end_to_end(tmp_path: Path) -> None:
    tasks = [f"task-{i}" for i in range(8)]
    a = _sweep(tmp_path, "s-a", "alpha", {t: ["passed", "passed"] for t in tasks})
    b = _sweep(tmp_path, "s-b", "beta", {t: ["failed", "passed" if i < 2 else "failed"]
                                         for i, t in enumerate(tasks)})
    c = compare(load_runs([a, b]), "agent")
    assert list(c.groups) == ["alpha", "beta"]
    (ga, gb, test, p, detectable) = c.pairs[0]
    # 16 cell×trial pairs: alpha alone passed 14 of them, beta alone none
    assert (test.cells, test.a_only, test.b_only) == (16, 14, 0)
    assert p == pytest.approx(2 * 0.5 ** 14)
    md = c.markdown()
    assert "100.0% [80.6, 100.0] (16/16)" in md and "12.5% [3.5, 36.0] (2/16)" in md
    assert "pass^2" in md and "| alpha | 100.0% | 100.0% | 100.0% | 100.0% |" in md


def test_models_of_two_providers_pair_on_the_same_cells(tmp_path: Path) -> None:
    """--by model: a Claude sweep and an OpenAI-compatible sweep meet on task × OS × trial,
    although their agents (claude, openai) differ."""
    tasks = [f"task-{i}" for i in range(6)]
    a = _sweep(tmp_path, "s-claude", "claude", {t: ["passed"] for t in tasks}, model="claude-sonnet-5")
    b = _sweep(tmp_path, "s-open", "openai", {t: ["failed"] for t in tasks}, model="smollm2-135m")
    c = compare(load_runs([a, b]), "model")
    assert list(c.groups) == ["claude-sonnet-5", "smollm2-135m"]
    assert (c.pairs[0][2].cells, c.pairs[0][2].a_only) == (6, 6)


def test_an_underpowered_comparison_says_so(tmp_path: Path) -> None:
    a = _sweep(tmp_path, "s-a", "alpha", {"t1": ["passed"], "t2": ["passed"], "t3": ["failed"]})
    b = _sweep(tmp_path, "s-b", "beta", {"t1": ["passed"], "t2": ["failed"], "t3": ["failed"]})
    md = compare(load_runs([a, b]), "agent").markdown()
    assert "**Underpowered**: alpha against beta on 3 cells" in md


def test_imported_study_tasks_meet_ours_through_the_map(tmp_path: Path) -> None:
    study = _sweep(tmp_path, "study", "claude-code", {"ssh-key-only": ["passed"]})
    ours = _sweep(tmp_path, "ours", "oracle", {"ssh-key-only-login": ["passed"]})
    c = compare(load_runs([study, ours], read_map(None)), "agent")
    assert c.pairs[0][2].cells == 1
    with pytest.raises(RecordError, match="no such task map"):
        read_map(tmp_path / "missing.toml")


def test_the_cli_writes_markdown_and_a_self_contained_page(tmp_path: Path) -> None:
    a = _sweep(tmp_path, "s-a", "alpha", {"t1": ["passed"], "t2": ["failed"]})
    b = _sweep(tmp_path, "s-b", "beta", {"t1": ["failed"], "t2": ["failed"]})
    res = subprocess.run([sys.executable, "-m", "reports", "compare", str(a), str(b), "--by",
                          "agent", "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True,
                         text=True)
    assert res.returncode == 0, res.stderr
    page = (tmp_path / "out" / "compare.html").read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page and "src=" not in page
    assert "Comparison by agent" in (tmp_path / "out" / "compare.md").read_text()


def test_export_writes_a_hugging_face_data_set_that_loads(tmp_path: Path) -> None:
    sweep = _sweep(tmp_path, "s-a", "alpha", {"t1": ["passed"], "t2": ["failed"]})
    res = subprocess.run([sys.executable, "-m", "reports", "export", str(sweep), "--hf",
                          str(tmp_path / "hf")], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    card = (tmp_path / "hf" / "README.md").read_text()
    assert card.startswith("---\nconfigs:\n- config_name: runs\n  data_files: data/runs.parquet")
    assert "| `cost_usd` | double |" in card and "## Provenance" in card
    try:
        import datasets
    except ImportError:  # said, and the layout is still read the way the library reads it
        import pyarrow.parquet as pq
        runs = pq.read_table(tmp_path / "hf" / "data" / "runs.parquet").to_pylist()
    else:
        runs = list(datasets.load_dataset("parquet", data_files={
            "train": str(tmp_path / "hf" / "data" / "runs.parquet")})["train"])
        by_config = datasets.load_dataset(str(tmp_path / "hf"), "commands")
        assert len(by_config["train"]) == 2  # one agent command per run
        assert "config_name: leftovers" not in card  # empty here: no config the library chokes on
    assert sorted(r["outcome"] for r in runs) == ["failed", "passed"]
    again = subprocess.run([sys.executable, "-m", "reports", "export", str(sweep), "--hf",
                            str(tmp_path / "hf")], cwd=ROOT, capture_output=True, text=True)
    assert again.returncode != 0 and "not empty" in again.stderr + again.stdout


def test_where_keeps_the_runs_asked_for_and_says_when_none_match(tmp_path: Path) -> None:
    from reports.compare import where
    a = _sweep(tmp_path, "s-a", "alpha", {"t1": ["passed"], "t2": ["failed"]})
    b = _sweep(tmp_path, "s-b", "beta", {"t1": ["failed"]})
    rows = load_runs([a, b])
    assert {r["agent"] for r in where(rows, ["agent=alpha"])} == {"alpha"}
    assert [r["task"] for r in where(rows, ["agent=alpha", "task=t2"])] == ["t2"]
    with pytest.raises(RecordError, match="no run matches"):
        where(rows, ["agent=gamma"])
    with pytest.raises(RecordError, match="FIELD=VALUE"):
        where(rows, ["colour=blue"])
