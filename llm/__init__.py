"""Shared Messages-API plumbing for the Claude agent and the LLM verifier.

client     ClientConfig (key and base URL from the environment) and the SDK client (no SDK retries)
call       MessagesCaller: one Messages-API call with our retries, streaming or not
retry      RetryPolicy, what is retryable, how long to wait
usage      token counts per turn and in total
prices     the editable price table (prices.toml) and cost
records    JSON/JSONL writers; every one redacts
redact     hides the API key (and anything shaped like one) in whatever is written
templates  prompt templates from files
errors     LLMUnavailable (infrastructure), MissingAPIKey (configuration)
"""
