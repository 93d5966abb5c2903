"""The local Messages API server itself, driven by the real SDK (it is shared with the verifier)."""
from __future__ import annotations

import anthropic
import httpx2
import pytest

from tests.support.messages_api import (Delay, Drop, MessagesAPIServer, Usage, error, message, text,
                                        thinking, tool_use)

ASK = {"model": "claude-x", "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]}


def client(api: MessagesAPIServer, timeout: float = 5.0) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="k-test", base_url=api.base_url, max_retries=0, timeout=timeout)


def test_json_and_stream_give_the_same_message():
    reply = message(thinking("t", "s1"), text("hello"), tool_use("run_command", {"node": "n", "command": "a\"b"}, id="tu1"),
                    usage=Usage(11, 22, 33, 44))
    with MessagesAPIServer([reply, reply]) as api:
        plain = client(api).messages.create(**ASK)
        with client(api).messages.stream(**ASK) as s:
            streamed = s.get_final_message()
    for m in (plain, streamed):
        assert m.model == "claude-x" and m.stop_reason == "tool_use"
        assert [b.type for b in m.content] == ["thinking", "text", "tool_use"]
        assert m.content[0].signature == "s1" and m.content[1].text == "hello"
        assert m.content[2].input == {"node": "n", "command": "a\"b"} and m.content[2].id == "tu1"
        assert (m.usage.input_tokens, m.usage.output_tokens, m.usage.cache_read_input_tokens,
                m.usage.cache_creation_input_tokens) == (11, 22, 33, 44)
    assert [r.body.get("stream", False) for r in api.requests] == [False, True]


def test_stream_event_sequence():
    with MessagesAPIServer([message(text("a"))]) as api:
        events = [e.type for e in client(api).messages.create(**ASK, stream=True)]
    assert events == ["message_start", "content_block_start", "content_block_delta",
                      "content_block_stop", "message_delta", "message_stop"]


def test_errors_carry_the_api_shape_and_retry_after():
    with MessagesAPIServer([error(529, retry_after=3), error(400, message="bad field")]) as api:
        with pytest.raises(anthropic.APIStatusError) as e:
            client(api).messages.create(**ASK)
        assert e.value.status_code == 529 and e.value.type == "overloaded_error"
        assert e.value.response.headers["retry-after"] == "3"
        with pytest.raises(anthropic.BadRequestError, match="bad field"):
            client(api).messages.create(**ASK)


def test_delay_forces_a_timeout_and_drop_a_connection_error():
    with MessagesAPIServer([Delay(2, message(text("late"))), Drop()]) as api:
        with pytest.raises(anthropic.APITimeoutError):
            client(api, timeout=0.2).messages.create(**ASK)
        with pytest.raises(anthropic.APIConnectionError):
            client(api).messages.create(**ASK)


def test_callable_script_sees_each_request():
    def reply(request):
        return message(text(f"you said {request.body['messages'][-1]['content']}"))
    with MessagesAPIServer(reply) as api:
        m = client(api).messages.create(**ASK)
    assert m.content[0].text == "you said hi"
    assert api.requests[0].path == "/v1/messages" and api.requests[0].headers["content-type"] == "application/json"


def test_running_out_of_script_is_a_non_retryable_error():
    with MessagesAPIServer([]) as api:
        with pytest.raises(anthropic.BadRequestError, match="script exhausted"):
            client(api).messages.create(**ASK)
    assert api.unscripted == 1


def test_other_paths_are_404():
    with MessagesAPIServer([]) as api:
        assert httpx2.post(f"{api.base_url}/v1/complete", json={}).status_code == 404
