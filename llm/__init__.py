"""Shared Messages-API plumbing for the Claude agent and the LLM verifier.

client     ClientConfig (key and base URL from the environment) and the SDK client (no SDK retries)
call       MessagesCaller: one Messages-API call with our retries, streaming or not
retry      RetryPolicy, what is retryable, how long to wait
usage      token counts per turn and in total
prices     the editable price table (prices.toml) and cost
records    JSON/JSONL writers; every one redacts
redact     the harness's one redactor (keys, tokens, private keys, passwords on command lines),
           used by every writer of records and reports, not only the LLM's
templates  prompt templates from files
errors     LLMUnavailable (infrastructure), MissingAPIKey (configuration)
"""
