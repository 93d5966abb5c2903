"""The OpenAI-compatible agent: agents._model's loop over chat completions with function
tools (OpenAI, Gemini's or OpenRouter's compatible endpoints, vLLM, Ollama, llama.cpp).

Configured by OPENAI_API_KEY and OPENAI_BASE_URL; `--model` is whatever the server serves;
`--effort` becomes reasoning_effort (for the models that reason).
"""
from __future__ import annotations

import time
from typing import Callable

from agents._base import AgentOptions
from agents._model import ModelAgent
from records import ConfigurationError
from llm import Chat, ClientConfig, OpenAIChat, RetryingCaller, RetryPolicy, ToolSpec

DEFAULT_MODEL = "gpt-4.1"
OUTPUT_TOKENS = 16_000  # per reply (max_completion_tokens)
EFFORTS = ("low", "medium", "high")
NO_KEY_HINT = "for a local server without keys any value will do; or run without a model: --agent=oracle"


class OpenAIAgent(ModelAgent):
    name = "openai"
    api = "chat completions API"

    def __init__(self, options: AgentOptions, client: ClientConfig | None = None,
                 retry: RetryPolicy = RetryPolicy(), *,
                 sleep: Callable[[float], None] = time.sleep,
                 max_tokens: int = OUTPUT_TOKENS) -> None:
        if options.effort is not None and options.effort not in EFFORTS:
            raise ConfigurationError(f"unknown effort {options.effort!r}; valid: {', '.join(EFFORTS)} "
                           f"(or none: the model's default)")
        # Everything that can be wrong with the configuration fails here, before a cluster exists.
        self.client = client or ClientConfig.from_env(hint=NO_KEY_HINT, provider="openai")
        super().__init__(options, retry, sleep)
        self.model = options.model or DEFAULT_MODEL
        self.max_tokens = max_tokens

    def chat(self, system: str, tools: list[ToolSpec], caller: RetryingCaller) -> Chat:
        return OpenAIChat(self.client, caller, model=self.model, system=system, tools=tools,
                          max_tokens=self.max_tokens, effort=self.options.effort)
