"""`python -m verifier reverify <sweep-dir> [--provider P] [--model M] [--blind] [--effort E] …`"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from records import ConfigurationError, RecordError, read_sweep
from llm import DEFAULT_MODEL
from verifier import MODES, ClientOptions, InputBudget, JudgeOptions, RunOutcome, format_result, reverify


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    options = JudgeOptions()
    if args.templates:
        options = replace(options, templates_dir=args.templates)
    if args.max_input_chars:
        options = replace(options, budget=replace(InputBudget(), max_chars=args.max_input_chars))
    try:
        read_sweep(args.sweep_dir)
        result = reverify(args.sweep_dir, mode=args.verifier,
                          model=args.model or DEFAULT_MODEL[args.provider], blind=args.blind,
                          effort=args.effort, against=args.against, jobs=args.jobs,
                          client_options=ClientOptions(provider=args.provider),
                          judge_options=options, on_run=_progress)
    except (RecordError, ConfigurationError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(format_result(result))
    return 0


def _progress(run: RunOutcome) -> None:
    done = f"v{run.version}" if run.version is not None else "not re-verified"
    print(f"reverify: {run.run}: {done}" + (f" ({run.note})" if run.note else ""),
          file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m verifier",
                                description="The LLM verifier of opsbench run records.")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("reverify", help="re-judge every run of a sweep into a new versioned "
                       "evaluation and print agreement statistics")
    r.add_argument("sweep_dir", type=Path, help="a sweep folder (holds sweep.json)")
    r.add_argument("--provider", choices=sorted(DEFAULT_MODEL), default="anthropic",
                   help="the model's API: anthropic (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL) or "
                   "an OpenAI-compatible server (OPENAI_API_KEY, OPENAI_BASE_URL); default: "
                   "%(default)s")
    r.add_argument("--model", help="the verifier's model (default: the provider's, "
                   + ", ".join(f"{p} {m}" for p, m in DEFAULT_MODEL.items()) + ")")
    r.add_argument("--effort", help="output effort (anthropic: low, medium, high, xhigh, max) "
                   "or reasoning effort (openai: low, medium, high)")
    r.add_argument("--blind", action="store_true", help="withhold the agent's own report")
    r.add_argument("--verifier", choices=MODES, default="both",
                   help="which requirements the LLM judges (default: %(default)s, so its "
                   "verdicts on check requirements can be compared with the checks)")
    r.add_argument("--against", type=int, default=1, metavar="N",
                   help="the earlier evaluation to compare with (default: 1, the run's own)")
    r.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="runs judged at the same time (default: %(default)s)")
    r.add_argument("--templates", type=Path, help="a folder with system.md, user.md, repair.md")
    r.add_argument("--max-input-chars", type=int, help="the input size budget in characters")
    return p


if __name__ == "__main__":
    sys.exit(main())
