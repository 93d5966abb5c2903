"""One model call, retried with backoff on transient faults; every retry reported."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from llm._errors import LLMUnavailable
from llm._retry import RetryPolicy, describe, is_retryable, retry_after_s

T = TypeVar("T")


@dataclass(frozen=True)
class RetryEvent:
    retry: int  # 1 for the first retry
    error: str  # e.g. "529 overloaded_error", "APITimeoutError"
    delay_s: float
    retry_after_s: float | None  # what the server asked for, when it did

    def to_json(self) -> dict[str, Any]:
        return {"retry": self.retry, "error": self.error, "delay_s": round(self.delay_s, 3),
                "retry_after_s": self.retry_after_s}


class RetryingCaller:
    """Calls `once()` until it answers, a non-retryable error comes, or the policy's budget is
    spent (LLMUnavailable, an infrastructure error). `api` names the service in that error."""

    def __init__(self, api: str, policy: RetryPolicy = RetryPolicy(), *,
                 on_retry: Callable[[RetryEvent], None] = lambda event: None,
                 sleep: Callable[[float], None] = time.sleep,
                 jitter: Callable[[], float] = random.random) -> None:
        self.api = api
        self.policy = policy
        self.on_retry = on_retry
        self._sleep = sleep
        self._jitter = jitter

    def call(self, once: Callable[[], T]) -> T:
        waited = 0.0
        retry = 0
        while True:
            try:
                return once()
            except Exception as err:
                if not is_retryable(err):
                    raise
                retry += 1
                if retry > self.policy.max_retries:
                    raise LLMUnavailable(f"{self.api} failed {retry} times; "
                                         f"last: {describe(err)}: {err}") from err
                asked = retry_after_s(err)
                delay = asked if asked is not None else self.policy.backoff(retry, self._jitter())
                if waited + delay > self.policy.max_total_wait_s:
                    raise LLMUnavailable(
                        f"{self.api} failed {retry} times and the next wait ({delay:.1f} s) "
                        f"would exceed the retry budget ({self.policy.max_total_wait_s:.0f} s); "
                        f"last: {describe(err)}: {err}") from err
                self.on_retry(RetryEvent(retry, describe(err), delay, asked))
                self._sleep(delay)
                waited += delay
