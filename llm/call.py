"""One Messages-API call, retried with backoff on transient faults; every retry reported."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable

from anthropic.types import Message

from llm.client import ClientConfig, make_client
from llm.errors import LLMUnavailable
from llm.retry import RetryPolicy, describe, is_retryable, retry_after_s


@dataclass(frozen=True)
class RetryEvent:
    retry: int  # 1 for the first retry
    error: str  # e.g. "529 overloaded_error", "APITimeoutError"
    delay_s: float
    retry_after_s: float | None  # what the server asked for, when it did

    def to_json(self) -> dict[str, Any]:
        return {"retry": self.retry, "error": self.error, "delay_s": round(self.delay_s, 3),
                "retry_after_s": self.retry_after_s}


class MessagesCaller:
    def __init__(self, config: ClientConfig, policy: RetryPolicy = RetryPolicy(), *,
                 on_retry: Callable[[RetryEvent], None] = lambda event: None,
                 sleep: Callable[[float], None] = time.sleep,
                 jitter: Callable[[], float] = random.random) -> None:
        self.config = config
        self.policy = policy
        self._client = make_client(config)
        self._on_retry = on_retry
        self._sleep = sleep
        self._jitter = jitter

    def create(self, **params: Any) -> Message:
        """`messages.create(**params)`, streamed when the config says so; raises LLMUnavailable
        past the retry budget and any non-retryable API error as the SDK raised it."""
        waited = 0.0
        retry = 0
        while True:
            try:
                return self._once(params)
            except Exception as err:
                if not is_retryable(err):
                    raise
                retry += 1
                if retry > self.policy.max_retries:
                    raise LLMUnavailable(f"Messages API failed {retry} times; "
                                         f"last: {describe(err)}: {err}") from err
                asked = retry_after_s(err)
                delay = asked if asked is not None else self.policy.backoff(retry, self._jitter())
                if waited + delay > self.policy.max_total_wait_s:
                    raise LLMUnavailable(
                        f"Messages API failed {retry} times and the next wait ({delay:.1f} s) "
                        f"would exceed the retry budget ({self.policy.max_total_wait_s:.0f} s); "
                        f"last: {describe(err)}: {err}") from err
                self._on_retry(RetryEvent(retry, describe(err), delay, asked))
                self._sleep(delay)
                waited += delay

    def _once(self, params: dict[str, Any]) -> Message:
        if not self.config.stream:
            return self._client.messages.create(**params)
        with self._client.messages.stream(**params) as stream:
            return stream.get_final_message()
