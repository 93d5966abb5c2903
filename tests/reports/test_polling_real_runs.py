"""The polling trap on real study runs, against hand labels (tests/data/polling-labels.json):
every labelled polled job is found with exactly its polls, and nothing else is (the agent's own
reboot, a test listener, a job checked once, a foreground wait)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from reports.analysis import analyse_run
from reports.importer import import_folder
from reports.sweep import find_runs

DATA = Path(__file__).resolve().parents[1] / "data"
LABELS = {k: v for k, v in json.loads((DATA / "polling-labels.json").read_text()).items()
          if not k.startswith("_")}


@pytest.fixture(scope="module")
def polling(tmp_path_factory) -> dict[str, dict]:
    """Trial folder name → the analysis' polling section, for the logs and the corpus."""
    out = {}
    for source in ("study-logs", "study"):
        sweep = import_folder(DATA / source, tmp_path_factory.mktemp(source) / "sweep")
        for run_dir in find_runs(sweep):
            out[run_dir.name] = analyse_run(run_dir)["polling"]
    return out


@pytest.mark.parametrize("trial", sorted(LABELS))
def test_the_polled_jobs_of_a_real_run_are_the_labelled_ones(polling, trial):
    label = LABELS[trial]
    found = {j["launch_id"]: j["poll_ids"] for j in polling[trial]["jobs"]}
    assert found == {launch: job["polls"] for launch, job in label["polled"].items()}
    assert not set(found) & set(label["not_polled"])
    assert polling[trial]["trap"] == bool(label["polled"])


def test_the_labels_cover_positives_and_negatives():
    polled = sum(len(v["polled"]) for v in LABELS.values())
    not_polled = sum(len(v["not_polled"]) for v in LABELS.values())
    assert polled >= 12 and not_polled >= 8
    assert any(not v["polled"] for v in LABELS.values())  # whole runs without a trap
