"""Named, reusable topologies (topologies.toml): networks and nodes a task can `use`."""
from __future__ import annotations

import tomllib
from pathlib import Path

from records import ConfigurationError

TOPOLOGIES_FILE = Path(__file__).with_name("topologies.toml")


def load(path: Path = TOPOLOGIES_FILE) -> dict[str, dict]:
    return tomllib.loads(path.read_text())


def get(name: str) -> dict:
    """The raw `{networks, nodes}` tables of a named topology (validated by the task loader)."""
    known = load()
    if name not in known:
        raise ConfigurationError(f"unknown topology {name!r}; named topologies: {', '.join(known)} "
                       f"(lab/topologies.toml)")
    return {k: v for k, v in known[name].items() if k in ("networks", "nodes")}
