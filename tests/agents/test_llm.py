"""llm/: retry policy, prices, redaction, templates and record writers."""
from __future__ import annotations

from email.utils import formatdate
from pathlib import Path

import anthropic
import httpx2
import pytest

from records import MASK, ConfigurationError, redact
from llm import ClientConfig, MissingAPIKey, PriceTable, Usage, UsageLedger, render
from llm._retry import RetryPolicy, is_retryable, retry_after_s


def status_error(status: int, headers: dict[str, str] | None = None, body: dict | None = None):
    request = httpx2.Request("POST", "http://127.0.0.1/v1/messages")
    response = httpx2.Response(status, headers=headers or {}, request=request)
    body = body or {"type": "error", "error": {"type": "x", "message": "m"}}
    return anthropic.APIStatusError("m", response=response, body=body)


def test_backoff_doubles_is_capped_and_jittered_within_half():
    p = RetryPolicy(base_delay_s=2, max_delay_s=10)
    assert [p.backoff(n, 0.0) for n in (1, 2, 3, 4)] == [1, 2, 4, 5]
    assert [p.backoff(n, 0.999999) for n in (1, 2, 3, 4)] == pytest.approx([2, 4, 8, 10], abs=1e-4)


@pytest.mark.parametrize("status, retryable", [(429, True), (529, True), (500, True), (503, True),
                                               (408, True), (400, False), (401, False), (404, False)])
def test_which_statuses_are_retried(status, retryable):
    assert is_retryable(status_error(status)) is retryable


def test_an_overload_inside_a_stream_is_retried():
    err = status_error(200, body={"type": "error", "error": {"type": "overloaded_error", "message": ""}})
    assert is_retryable(err)


def test_transport_errors_are_retried_but_bugs_are_not():
    assert is_retryable(httpx2.RemoteProtocolError("peer closed"))
    assert not is_retryable(ValueError("bug"))


def test_retry_after_forms():
    assert retry_after_s(status_error(429, {"retry-after": "7"})) == 7
    assert retry_after_s(status_error(429, {"retry-after-ms": "1500", "retry-after": "9"})) == 1.5
    now = 1_000_000_000.0
    assert retry_after_s(status_error(429, {"retry-after": formatdate(now + 30, usegmt=True)}),
                         now=now) == pytest.approx(30)
    assert retry_after_s(status_error(429, {"retry-after": "soon"})) is None
    assert retry_after_s(status_error(429)) is None


def test_price_table_prefix_match_and_unknown_model():
    table = PriceTable.load()
    assert table.entry_for("claude-haiku-4-5-20251001") == "claude-haiku-4-5"
    assert table.entry_for("claude-sonnet-5") == "claude-sonnet-5"
    assert table.entry_for("claude-sonnet-50") is None
    cost = table.cost("gpt-nope", Usage(10, 10))
    assert cost.usd is None and "gpt-nope" in cost.note


def test_an_edited_price_table_is_used(tmp_path: Path):
    path = tmp_path / "prices.toml"
    path.write_text('[models."m"]\ninput = 1\noutput = 2\ncache_read = 0.5\ncache_write = 4\n')
    cost = PriceTable.load(path).cost("m", Usage(1_000_000, 1_000_000, 2_000_000, 250_000))
    assert cost.usd == pytest.approx(1 + 2 + 1 + 1)


def test_a_broken_price_table_names_the_problem(tmp_path: Path):
    path = tmp_path / "prices.toml"
    path.write_text('[models."m"]\ninput = 1\n')
    with pytest.raises(ConfigurationError, match="model 'm' lacks a number for output, cache_read, cache_write"):
        PriceTable.load(path)


def test_ledger_totals_and_unpriced_turns():
    ledger = UsageLedger(PriceTable.load())
    ledger.add("claude-sonnet-5", "tool_use", Usage(100, 10, 1000, 0))
    ledger.add("mystery-model", "end_turn", Usage(1, 1, 0, 0))
    data = ledger.to_json()
    assert data["totals"] == {"turns": 2, "input_tokens": 101, "output_tokens": 11,
                              "cache_read_tokens": 1000, "cache_write_tokens": 0, "total_tokens": 1112}
    assert data["turns"][0]["cost_usd"] > 0 and data["turns"][1]["cost_usd"] is None
    assert data["cost"]["usd"] is None and "mystery-model" in data["cost"]["note"]


def test_redact_hides_registered_env_and_key_shaped_secrets(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "plain-env-secret")
    ClientConfig(api_key="registered-secret-123")
    value = {"a": ["plain-env-secret", ("x registered-secret-123 y",)],
             "registered-secret-123": "sk-ant-api03-abcdefghijklmnop", "n": 5}
    assert redact(value) == {"a": [MASK, [f"x {MASK} y"]], MASK: MASK, "n": 5}


def test_config_from_env(monkeypatch):
    env = {"ANTHROPIC_API_KEY": " k-123 ", "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}
    config = ClientConfig.from_env(env, stream=False)
    assert (config.api_key, config.base_url, config.stream) == ("k-123", "http://127.0.0.1:9", False)
    assert "k-123" not in repr(config)
    with pytest.raises(MissingAPIKey, match="ANTHROPIC_API_KEY is not set.*; try X"):
        ClientConfig.from_env({}, hint="try X")


def test_templates(tmp_path: Path):
    t = tmp_path / "t.md"
    t.write_text("Hello $name, ${what} costs $$5.")
    assert render(t, {"name": "you", "what": "it"}) == "Hello you, it costs $5."
    with pytest.raises(ConfigurationError, match=r"uses \$what, which is not provided; provided: name"):
        render(t, {"name": "you"})
    t.write_text("a lone $ sign")
    with pytest.raises(ConfigurationError, match=r"write \$\$ for a literal \$"):
        render(t, {})
