"""Usage per turn and in total, with cost: the content of agent/usage.json."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from llm._prices import Cost, PriceTable
from llm._usage import Usage


@dataclass(frozen=True)
class Turn:
    number: int
    model: str  # as the API answered (the billed model)
    stop_reason: str | None
    usage: Usage
    cost: Cost


class UsageLedger:
    def __init__(self, prices: PriceTable) -> None:
        self.prices = prices
        self.turns: list[Turn] = []

    def add(self, model: str, stop_reason: str | None, usage: Usage) -> Turn:
        turn = Turn(len(self.turns) + 1, model, stop_reason, usage, self.prices.cost(model, usage))
        self.turns.append(turn)
        return turn

    @property
    def total(self) -> Usage:
        return sum((t.usage for t in self.turns), Usage())

    def total_cost(self) -> Cost:
        unpriced = sorted({t.model for t in self.turns if t.cost.usd is None})
        if unpriced:
            return Cost(None, f"no price for {', '.join(unpriced)} in {self.prices.path}")
        return Cost(sum(t.cost.usd or 0.0 for t in self.turns), f"prices from {self.prices.path}")

    def to_json(self) -> dict[str, Any]:
        return {
            "turns": [{"turn": t.number, "model": t.model, "stop_reason": t.stop_reason,
                       **t.usage.to_json(), "cost_usd": t.cost.usd} for t in self.turns],
            "totals": {"turns": len(self.turns), **self.total.to_json()},
            "cost": self.total_cost().to_json(),
        }
