"""Prompt templates live in files (string.Template syntax: $name or ${name})."""
from __future__ import annotations

from pathlib import Path
from string import Template
from typing import Mapping

from records import ConfigurationError


def render(path: Path, values: Mapping[str, str]) -> str:
    try:
        return Template(path.read_text(encoding="utf-8")).substitute(values)
    except KeyError as e:
        raise ConfigurationError(f"template {path} uses ${e.args[0]}, which is not provided; "
                       f"provided: {', '.join(sorted(values))}") from None
    except ValueError as e:  # a lone "$": tell the author to write "$$"
        raise ConfigurationError(f"template {path}: {e} (write $$ for a literal $)") from None
