"""Benchmark of the shell parser (reports.shell.parse) on large and adversarial inputs: the time
per KB at 10 KB and at 100 KB for each shape, and their ratio (1.0 = linear). No verdict.

    python3 benchmarks/bench_shell.py [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reports.shell import parse  # noqa: E402

SHAPES = {
    "plain commands": "systemctl restart nginx && curl -fsS http://localhost/ ; ",
    "quotes": "echo 'a \"b\" c' \"d 'e' f\" $'g\\\\n' ",
    "unterminated quote": "'",
    "nested substitutions": "$(",
    "backticks": "`",
    "bash -c nesting": "bash -c ",
    "heredocs": "cat <<E\nline\nE\n",
    "pipes into shells": "echo 'rm -rf /tmp/x' | sudo bash ; ",
    "subshells": "( a & ) ; ",
}


def per_kb(piece: str, size: int, repeat: int) -> float:
    text = (piece * (size // len(piece) + 1))[:size]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        parse(text)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) / (size / 1024)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'shape':24} {'ms/KB @10KB':>12} {'ms/KB @100KB':>13} {'ratio':>6}")
    for name, piece in SHAPES.items():
        small, large = per_kb(piece, 10_240, args.repeat), per_kb(piece, 102_400, args.repeat)
        print(f"{name:24} {small * 1000:12.3f} {large * 1000:13.3f} {large / small:6.2f}")


if __name__ == "__main__":
    main()
