"""The two ways a model's API is out of reach: not configured, or not answering."""
from __future__ import annotations

from records import InfrastructureError, ConfigurationError


class LLMUnavailable(InfrastructureError):
    """The API kept failing (overload, rate limit, 5xx, timeouts) past the retry budget."""


class IncompleteAnswer(Exception):
    """The service's answer ended before it was whole (a stream without its end): the service's
    fault, retried like a 500."""


class MissingAPIKey(ConfigurationError):
    """No API key in the environment."""

    def __init__(self, key_name: str = "ANTHROPIC_API_KEY", url_name: str = "ANTHROPIC_BASE_URL",
                 hint: str = "") -> None:
        message = (f"{key_name} is not set: export {key_name}=<your API key> ({url_name} "
                   f"optionally points at another endpoint; a local server without keys takes "
                   f"any value)")
        super().__init__(f"{message}; {hint}" if hint else message)
