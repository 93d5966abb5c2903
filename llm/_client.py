"""Where a provider's API is and how to reach it. The key comes from the environment only."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Literal, Mapping

import anthropic

from llm._errors import MissingAPIKey
from records import register_secret

Provider = Literal["anthropic", "openai"]
# provider → (key variable, base URL variable)
ENV = {"anthropic": ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
       "openai": ("OPENAI_API_KEY", "OPENAI_BASE_URL")}


@dataclass(frozen=True)
class ClientConfig:
    api_key: str = field(repr=False)
    base_url: str | None = None  # None: the SDK's default endpoint
    request_timeout_s: float = 600.0  # one HTTP request; for streams, the longest silence
    # Anthropic: streaming avoids the SDK's cap on long non-streamed generations. OpenAI-compatible
    # servers are asked whole by default: some cannot stream tool calls (llama-cpp-python) or
    # leave the usage out of a stream.
    stream: bool = True
    provider: Provider = "anthropic"

    def __post_init__(self) -> None:
        register_secret(self.api_key)

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, *, hint: str = "",
                 provider: Provider = "anthropic", **overrides: object) -> ClientConfig:
        """The provider's key (required) and base URL (optional: a local server, a gateway):
        ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL, or OPENAI_API_KEY / OPENAI_BASE_URL."""
        key_name, url_name = ENV[provider]
        key = env.get(key_name, "").strip()
        if not key:
            raise MissingAPIKey(key_name, url_name, hint)
        overrides.setdefault("stream", provider == "anthropic")
        return cls(api_key=key, base_url=env.get(url_name) or None, provider=provider,
                   **overrides)


def make_client(config: ClientConfig) -> anthropic.Anthropic:
    # max_retries=0: our retry loop is the only one, so every retry is seen and recorded.
    return anthropic.Anthropic(api_key=config.api_key, base_url=config.base_url,
                               timeout=config.request_timeout_s, max_retries=0)
