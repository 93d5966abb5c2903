"""Which API failures are worth retrying, and how long to wait before the next attempt."""
from __future__ import annotations

import email.utils
import time
from dataclasses import dataclass

import anthropic
import httpx2

# Error types the API reports inside a stream (HTTP 200) for the same faults as 429/5xx.
_RETRYABLE_TYPES = frozenset({"overloaded_error", "rate_limit_error", "api_error", "timeout_error"})


@dataclass(frozen=True)
class RetryPolicy:
    max_retries: int = 8  # attempts after the first
    base_delay_s: float = 2.0  # first backoff; doubles per retry
    max_delay_s: float = 60.0  # cap of one backoff (a server's retry-after may exceed it)
    max_total_wait_s: float = 900.0  # the budget: total sleep across the retries of one call

    def backoff(self, retry: int, unit: float) -> float:
        """Backoff before retry number `retry` (1-based); `unit` in [0, 1) supplies the jitter.

        Equal jitter: half the exponential delay is fixed, half random, so concurrent runs spread
        out but no retry comes back immediately.
        """
        delay = min(self.max_delay_s, self.base_delay_s * 2 ** (retry - 1))
        return delay / 2 + unit * delay / 2


def is_retryable(err: BaseException) -> bool:
    if isinstance(err, (anthropic.APIConnectionError, httpx2.TransportError)):
        return True  # timeouts, refused or dropped connections, also mid-stream
    if isinstance(err, anthropic.APIStatusError):
        return (err.status_code in (408, 429) or err.status_code >= 500
                or getattr(err, "type", None) in _RETRYABLE_TYPES)
    return False


def retry_after_s(err: BaseException, now: float | None = None) -> float | None:
    """The server's requested wait (retry-after-ms, retry-after seconds or HTTP date), if any."""
    response = getattr(err, "response", None)
    headers = getattr(response, "headers", None)
    if not headers:
        return None
    if (ms := headers.get("retry-after-ms")) is not None:
        try:
            return max(0.0, float(ms) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, when - (time.time() if now is None else now))


def describe(err: BaseException) -> str:
    status = getattr(err, "status_code", None)
    kind = getattr(err, "type", None) or type(err).__name__
    return f"{status} {kind}" if status else kind
