"""Keep credentials out of every record.

The key is registered when a client config is made; anything shaped like an Anthropic key is
hidden too, so a key pasted into a prompt or echoed by a command never reaches a file.
"""
from __future__ import annotations

import os
import re
from typing import Any

MASK = "[REDACTED]"
_KEY_SHAPE = re.compile(r"sk-ant-[A-Za-z0-9_\-]{8,}")
_ENV_VARS = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN")
_registered: set[str] = set()


def register_secret(secret: str) -> None:
    if secret:
        _registered.add(secret)


def _secrets() -> list[str]:
    found = set(_registered)
    found.update(v for v in (os.environ.get(name) for name in _ENV_VARS) if v)
    # Longest first, so a key that contains another is masked whole.
    return sorted(found, key=len, reverse=True)


def redact(value: Any) -> Any:
    """`value` with every secret replaced by MASK, recursing into dicts, lists and tuples."""
    return _walk(value, _secrets())


def _walk(value: Any, secrets: list[str]) -> Any:
    if isinstance(value, str):
        for secret in secrets:
            value = value.replace(secret, MASK)
        return _KEY_SHAPE.sub(MASK, value)
    if isinstance(value, dict):
        return {_walk(k, secrets): _walk(v, secrets) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v, secrets) for v in value]
    return value
