"""Which API failures are worth retrying, and how long to wait before the next attempt."""
from __future__ import annotations

import email.utils
import json
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

import anthropic
import httpx2
import openai

from llm._errors import IncompleteAnswer

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
    """Either SDK's transient faults: what a retry a little later can cure."""
    if isinstance(err, (anthropic.APIConnectionError, openai.APIConnectionError,
                        httpx2.TransportError)):
        return True  # timeouts, refused or dropped connections, also mid-stream
    if isinstance(err, IncompleteAnswer):
        return True
    if isinstance(err, (anthropic.APIStatusError, openai.APIStatusError)):
        return (err.status_code in (408, 429) or err.status_code >= 500
                or getattr(err, "type", None) in _RETRYABLE_TYPES)
    return malformed_answer(err)


_SDKS = (Path(anthropic.__file__).parent, Path(openai.__file__).parent)
_UNDER_SDK = (Path(json.__file__).parent, Path(httpx2.__file__).parent)  # what they read with


def malformed_answer(err: BaseException) -> bool:
    """The service answered 200 with a body the SDK cannot read (broken JSON, an event stream
    out of order): the service's fault, like a 500. Told apart from a bug of ours by where it
    was raised: in the SDK's reading of the answer (or the json and HTTP code under it)."""
    if isinstance(err, (anthropic.APIResponseValidationError, openai.APIResponseValidationError)):
        return True
    if not isinstance(err, (ValueError, AssertionError)):
        return False
    frames = [Path(f.filename) for f in traceback.extract_tb(err.__traceback__)
              if not any(Path(f.filename).is_relative_to(d) for d in _UNDER_SDK)]
    return bool(frames) and any(frames[-1].is_relative_to(sdk) for sdk in _SDKS)


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
