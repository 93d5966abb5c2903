"""The verifier: snapshots, requirement checks, and the LLM verifier with its records.

`verifier.evaluate(run_dir, mode, model=None, blind=False, client_options=...)` judges a run from
its record and writes the reference study's three verifier records (docs/verifier.md).
"""
from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    # Lazy, so importing the probes or checks never pulls in the LLM client.
    if name == "evaluate":
        from verifier.evaluator import evaluate
        return evaluate
    if name == "EvaluationReport":
        from verifier.evaluation import EvaluationReport
        return EvaluationReport
    raise AttributeError(f"module 'verifier' has no attribute {name!r}")
