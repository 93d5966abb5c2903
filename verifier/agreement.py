"""Agreement between two raters' labels on the same items: raw agreement and Cohen's kappa.

kappa = (p_o - p_e) / (1 - p_e), where p_o is the share of items both label alike and p_e the
agreement expected by chance from each rater's label frequencies. Computed with exact fractions
so symmetric inputs give bit-identical results.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Hashable, Sequence


@dataclass(frozen=True)
class Agreement:
    n: int
    raw: float | None  # share of items labelled alike; None when there are no items
    kappa: float | None  # None when undefined; `note` says why
    categories: tuple[str, ...]
    note: str | None = None

    def kappa_text(self) -> str:
        return f"{self.kappa:.2f}" if self.kappa is not None else f"undefined ({self.note})"

    def raw_text(self) -> str:
        return f"{self.raw:.2f}" if self.raw is not None else "n/a"


def agreement(a: Sequence[Hashable], b: Sequence[Hashable]) -> Agreement:
    if len(a) != len(b):
        raise ValueError(f"label sequences differ in length: {len(a)} vs {len(b)}")
    n = len(a)
    categories = tuple(sorted({str(x) for x in (*a, *b)}))
    if n == 0:
        return Agreement(n=0, raw=None, kappa=None, categories=(), note="no items")
    p_o = Fraction(sum(x == y for x, y in zip(a, b, strict=True)), n)
    ca, cb = Counter(a), Counter(b)
    p_e = sum((Fraction(ca[k], n) * Fraction(cb[k], n) for k in ca.keys() & cb.keys()),
              Fraction(0))
    if p_e == 1:
        # Both raters used one and the same category throughout: chance explains everything.
        return Agreement(n=n, raw=float(p_o), kappa=None, categories=categories,
                         note=f"one category only: {categories[0]}")
    return Agreement(n=n, raw=float(p_o), kappa=float((p_o - p_e) / (1 - p_e)),
                     categories=categories)
