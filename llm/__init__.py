"""Model plumbing for the model agents and the LLM verifier, for either provider.

chat            Chat (one conversation through one provider), Reply, ToolSpec, ToolCall, ToolResult
anthropic_chat  the Chat over Anthropic's Messages API (prompt caching, thinking)
openai_chat     the Chat over an OpenAI-compatible chat-completions API (function tools)
providers       the providers by name: open_chat, default models
client          ClientConfig (provider, key and base URL from the environment)
call            RetryingCaller: one call with our retries, every retry reported
retry           RetryPolicy, what is retryable (either SDK), how long to wait
usage           token counts per turn and in total
ledger          usage per turn with cost (agent/usage.json, verifier/usage*.json)
prices          the editable price table (prices.toml) and cost
templates       prompt templates from files
errors          LLMUnavailable (infrastructure), IncompleteAnswer, MissingAPIKey (configuration)
"""
