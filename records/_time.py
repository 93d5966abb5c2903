"""Timestamps and run ids as records spell them."""
from __future__ import annotations

import secrets
import time
from datetime import datetime, timezone


def now_iso() -> str:
    """Now, ISO-8601 UTC with milliseconds and a Z: `started_at`, `finished_at`."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def epoch(ts: str | None) -> float | None:
    """ISO-8601 → POSIX seconds; None for a missing or unreadable timestamp."""
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except (ValueError, TypeError, AttributeError):
        return None


def new_run_id() -> str:
    """`<YYYYmmddTHHMMSS>-<6 hex>`: sorts by start, unique among concurrent runs."""
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + "-" + secrets.token_hex(3)
