"""Where the API is and how to reach it. The key comes from the environment only."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

import anthropic

from llm.errors import MissingAPIKey
from llm.redact import register_secret


@dataclass(frozen=True)
class ClientConfig:
    api_key: str = field(repr=False)
    base_url: str | None = None  # None: the SDK's default endpoint
    request_timeout_s: float = 600.0  # one HTTP request; for streams, the longest silence
    stream: bool = True  # streaming avoids the SDK's non-streaming cap on long generations

    def __post_init__(self) -> None:
        register_secret(self.api_key)

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, *, hint: str = "",
                 **overrides: object) -> ClientConfig:
        """ANTHROPIC_API_KEY (required) and ANTHROPIC_BASE_URL (optional, e.g. a local test server)."""
        key = env.get("ANTHROPIC_API_KEY", "").strip()
        if not key:
            raise MissingAPIKey(hint)
        return cls(api_key=key, base_url=env.get("ANTHROPIC_BASE_URL") or None, **overrides)


def make_client(config: ClientConfig) -> anthropic.Anthropic:
    # max_retries=0: our retry loop is the only one, so every retry is seen and recorded.
    return anthropic.Anthropic(api_key=config.api_key, base_url=config.base_url,
                               timeout=config.request_timeout_s, max_retries=0)
