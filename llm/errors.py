"""The two ways the Messages API is out of reach: not configured, or not answering."""
from __future__ import annotations

from lab.errors import InfrastructureError, LabError


class LLMUnavailable(InfrastructureError):
    """The API kept failing (overload, rate limit, 5xx, timeouts) past the retry budget."""


class MissingAPIKey(LabError):
    """No API key in the environment."""

    def __init__(self, hint: str = "") -> None:
        message = ("ANTHROPIC_API_KEY is not set: export ANTHROPIC_API_KEY=<your Anthropic API key> "
                   "(ANTHROPIC_BASE_URL optionally points at another endpoint)")
        super().__init__(f"{message}; {hint}" if hint else message)
