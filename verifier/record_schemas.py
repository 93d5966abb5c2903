"""The JSON Schemas of the verifier's records (verifier/schemas/), to validate what is written."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

SCHEMAS_DIR = Path(__file__).with_name("schemas")
KINDS = ("evaluation-report", "global-observations", "executor-evidence", "usage")


@cache
def schema(kind: str) -> dict[str, Any]:
    if kind not in KINDS:
        raise ValueError(f"no schema {kind!r}; schemas: {', '.join(KINDS)}")
    return json.loads((SCHEMAS_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))


def validate(kind: str, data: Any) -> None:
    """Raise jsonschema.ValidationError when `data` does not match the `kind` record's schema."""
    jsonschema.Draft202012Validator(schema(kind),
                                    format_checker=jsonschema.FormatChecker()).validate(data)
