"""The leftover analysis against hand-labelled findings of real runs (tests/data/leftover-labels.jsonl):
every finding it makes on the study corpus is labelled, precision holds in every class, and
docs/findings.md shows the current table."""
from __future__ import annotations

from pathlib import Path

import pytest

from reports.labels import corpus_findings, load_labels, replay_findings, score, table
from reports.leftovers import CLASSES

LABELS = load_labels()


@pytest.fixture(scope="module")
def scored():
    return score(corpus_findings() + replay_findings(), LABELS)


def test_the_labels_are_many_real_and_explained() -> None:
    assert len(LABELS) >= 150
    assert {lab["source"] for lab in LABELS} == {"study corpus", "replay"}
    for lab in LABELS:
        assert lab["class"] in CLASSES and isinstance(lab["leftover"], bool), lab
        assert len(lab["why"]) > 15, lab
    assert sum(lab["leftover"] for lab in LABELS) >= 40
    assert sum(not lab["leftover"] for lab in LABELS) >= 40


def test_every_finding_is_labelled(scored) -> None:
    _, unlabelled = scored
    assert not unlabelled, "label these in tests/data/leftover-labels.jsonl: " + ", ".join(
        f"{f['run']} {f['node']} {f['object']}" for f in unlabelled[:10])


def test_precision_in_every_class(scored) -> None:
    scores, _ = scored
    for s in scores.values():
        if s.found:
            assert s.precision >= 0.95, s


def test_docs_show_the_current_table(scored) -> None:
    scores, _ = scored
    doc = (Path(__file__).resolve().parents[2] / "docs" / "findings.md").read_text()
    assert table(scores) in doc, "run `python -m reports.labels` and paste its table"
