"""The statistics a comparison of sweeps reports, each computed by a maintained library
(statsmodels, scipy), never by a formula of ours: Wilson intervals, McNemar's exact test, Holm's
correction, a paired difference with its bootstrap interval, the smallest difference a
comparison could detect, pass^k and pass@k, median and interquartile range.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
from scipy import stats as sps
from scipy.special import comb
from statsmodels.stats.contingency_tables import mcnemar
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import NormalIndPower
from statsmodels.stats.proportion import proportion_confint

ALPHA = 0.05
POWER = 0.80


@dataclass(frozen=True)
class Rate:
    """k of n, with its Wilson 95% interval (None for n = 0)."""
    k: int
    n: int
    low: float | None
    high: float | None

    @property
    def value(self) -> float | None:
        return self.k / self.n if self.n else None

    def text(self) -> str:
        if not self.n:
            return "–"
        return f"{100 * self.k / self.n:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}] ({self.k}/{self.n})"


def wilson(k: int, n: int, alpha: float = ALPHA) -> Rate:
    if n == 0:
        return Rate(0, 0, None, None)
    low, high = proportion_confint(k, n, alpha=alpha, method="wilson")
    return Rate(k, n, float(low), float(high))


@dataclass(frozen=True)
class Paired:
    """Two groups on the cells both ran: A passed where B failed (`a_only`), the reverse
    (`b_only`), McNemar's exact p, and A − B with its 95% interval."""
    cells: int
    a_only: int
    b_only: int
    p: float
    difference: float
    low: float
    high: float


def paired(a: Sequence[bool], b: Sequence[bool], seed: int = 0) -> Paired:
    """`a[i]`, `b[i]`: the two groups' results on cell i. The interval is scipy's bootstrap
    (percentile, 9,999 resamples, seeded) of the mean paired difference."""
    if len(a) != len(b):
        raise ValueError("paired: the two groups must be given the same cells")
    x, y = np.asarray(a, dtype=bool), np.asarray(b, dtype=bool)
    a_only, b_only = int(np.sum(x & ~y)), int(np.sum(~x & y))
    both, neither = int(np.sum(x & y)), int(np.sum(~x & ~y))
    p = float(mcnemar([[both, a_only], [b_only, neither]], exact=True).pvalue) if len(x) else 1.0
    d = x.astype(float) - y.astype(float)
    diff = float(d.mean()) if len(d) else 0.0
    if len(d) < 2 or np.all(d == d[0]):
        return Paired(len(d), a_only, b_only, p, diff, diff, diff)
    ci = sps.bootstrap((d,), np.mean, n_resamples=9999, method="percentile",
                       random_state=np.random.default_rng(seed)).confidence_interval
    return Paired(len(d), a_only, b_only, p, diff, float(ci.low), float(ci.high))


def holm(pvalues: Sequence[float], alpha: float = ALPHA) -> list[float]:
    """Holm-adjusted p-values, in the order given."""
    if not pvalues:
        return []
    return [float(p) for p in multipletests(list(pvalues), alpha=alpha, method="holm")[1]]


def detectable_difference(cells: int, rate: float, alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest difference in pass rate (from `rate` up or down, whichever is smaller) that
    `cells` cells per group would detect with the given power: statsmodels' power of two
    proportions (Cohen's h), which is conservative for a paired design."""
    if cells < 2:
        return None
    h = NormalIndPower().solve_power(effect_size=None, nobs1=cells, alpha=alpha, power=power,
                                     ratio=1.0, alternative="two-sided")
    phi = 2 * math.asin(math.sqrt(min(max(rate, 0.0), 1.0)))
    ups = [phi + h, phi - h]
    reach = [abs(math.sin(v / 2) ** 2 - rate) for v in ups if 0 <= v <= math.pi]
    return min(reach) if reach else 1.0


def pass_hat_k(passes: Sequence[int], trials: Sequence[int], k: int) -> float | None:
    """Expected share of cells whose k trials, drawn from the n run, all pass (unbiased:
    C(c, k) / C(n, k) per cell). Cells with fewer than k trials are left out."""
    vals = [comb(c, k, exact=True) / comb(n, k, exact=True) for c, n in zip(passes, trials) if n >= k]
    return sum(vals) / len(vals) if vals else None


def pass_at_k(passes: Sequence[int], trials: Sequence[int], k: int) -> float | None:
    """Expected share of cells in which at least one of k trials passes (unbiased:
    1 − C(n − c, k) / C(n, k) per cell)."""
    vals = [1 - comb(n - c, k, exact=True) / comb(n, k, exact=True)
            for c, n in zip(passes, trials) if n >= k]
    return sum(vals) / len(vals) if vals else None


@dataclass(frozen=True)
class Spread:
    n: int
    median: float | None
    q1: float | None
    q3: float | None

    def text(self, fmt: str = "{:.1f}") -> str:
        if not self.n:
            return "–"
        return f"{fmt.format(self.median)} (IQR {fmt.format(self.q1)}–{fmt.format(self.q3)}, n={self.n})"


def spread(values: Sequence[float | None]) -> Spread:
    v = np.asarray([x for x in values if x is not None and not math.isnan(x)], dtype=float)
    if not len(v):
        return Spread(0, None, None, None)
    q1, med, q3 = np.percentile(v, [25, 50, 75])
    return Spread(len(v), float(med), float(q1), float(q3))
