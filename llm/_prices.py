"""Cost of a run's tokens from the editable price table (llm/prices.toml)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from records import ConfigurationError
from llm._usage import Usage

DEFAULT_TABLE = Path(__file__).with_name("prices.toml")
_FIELDS = ("input", "output", "cache_read", "cache_write")


@dataclass(frozen=True)
class Price:
    """USD per million tokens."""
    input: float
    output: float
    cache_read: float
    cache_write: float


@dataclass(frozen=True)
class Cost:
    usd: float | None
    note: str | None = None  # why usd is null, or which table entry priced it

    def to_json(self) -> dict[str, Any]:
        return {"usd": self.usd, "note": self.note}


@dataclass(frozen=True)
class PriceTable:
    path: Path
    prices: dict[str, Price]

    @classmethod
    def load(cls, path: Path | None = None) -> PriceTable:
        path = path or DEFAULT_TABLE
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise ConfigurationError(f"price table {path}: {e}") from None
        prices = {}
        for model, entry in data.get("models", {}).items():
            missing = [f for f in _FIELDS if not isinstance(entry.get(f), (int, float))]
            if missing:
                raise ConfigurationError(f"price table {path}: model {model!r} lacks a number for "
                               f"{', '.join(missing)} (USD per million tokens)")
            prices[model] = Price(**{f: float(entry[f]) for f in _FIELDS})
        return cls(path, prices)

    def entry_for(self, model: str) -> str | None:
        matches = [m for m in self.prices if model == m or model.startswith(m + "-")]
        return max(matches, key=len, default=None)

    def cost(self, model: str, usage: Usage) -> Cost:
        entry = self.entry_for(model)
        if entry is None:
            return Cost(None, f"no price for model {model!r} in {self.path}")
        p = self.prices[entry]
        usd = (usage.input_tokens * p.input + usage.output_tokens * p.output
               + usage.cache_read_tokens * p.cache_read
               + usage.cache_write_tokens * p.cache_write) / 1_000_000
        return Cost(usd, f"priced as {entry!r} from {self.path}")
