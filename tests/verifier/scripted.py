"""Scripted verifier replies for the local Messages-API server (tests/support/messages_api.py)."""
from __future__ import annotations

import json
from typing import Any, Callable, Mapping, Sequence

from llm import ClientConfig, RetryPolicy
from tests.support.messages_api import Message, MessagesAPIServer, RecordedRequest, message, text
from verifier._judge import ClientOptions

UNITS = "snapshot:post_agent:node1:units"  # exists in every fixture run
FAST_RETRY = RetryPolicy(max_retries=2, base_delay_s=0.0, max_delay_s=0.0)


def client_for(api: MessagesAPIServer, retry: RetryPolicy = FAST_RETRY,
               stream: bool = True) -> ClientOptions:
    """Options that reach `api` and retry without sleeping."""
    return ClientOptions(config=ClientConfig(api_key="sk-ant-test-0123456789",
                                             base_url=api.base_url, stream=stream,
                                             request_timeout_s=10),
                         retry=retry, sleep=lambda s: None)


def verdicts(entries: Mapping[str, tuple[str, Sequence[Any]]],
             summary: str = "overview") -> Message:
    """A reply judging each requirement id: {id: (status, evidence ids)}."""
    return message(text(json.dumps({"summary": summary, "requirements": [
        {"id": rid, "status": status, "summary": f"{rid} is {status}", "evidence": list(ev)}
        for rid, (status, ev) in entries.items()]})))


def text_of(message: Mapping[str, Any]) -> str:
    """A request message's text, whether its content is a string or text blocks."""
    content = message["content"]
    return content if isinstance(content, str) else "".join(b.get("text", "") for b in content)


def asked_ids(request: RecordedRequest) -> list[str]:
    """The requirement ids the verifier asked about, read from the prompt it sent."""
    prompt = text_of(next(m for m in request.body["messages"] if m["role"] == "user"))
    section = prompt.split("# Requirements to judge", 1)[1].split("\n# ", 1)[0]
    return [r["id"] for r in json.loads(section)]


def judge_all(status: Callable[[str], str] | str = "satisfied",
              evidence: Sequence[str] = (UNITS,)) -> Callable[[RecordedRequest], Message]:
    """A server script answering every request with a verdict per asked requirement."""
    def reply(request: RecordedRequest) -> Message:
        return verdicts({rid: (status(rid) if callable(status) else status, evidence)
                         for rid in asked_ids(request)})
    return reply
