"""The LLM verifier: one model call judges every requirement it is given, from the run's record.

Flow: build the input (verifier.judge_input) → render the prompt templates → call the model
through llm/ (either provider; retries, backoff) → parse the JSON verdicts. A malformed reply gets one repair
request; a second malformed reply, a refusal or an unreachable API leaves every requirement of
the call indeterminate with the reason recorded. Cited evidence ids that the record does not
hold are dropped, and a verdict left without evidence becomes indeterminate.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import anthropic
import openai

from llm.call import RetryEvent, RetryingCaller
from llm.chat import Chat, ProviderRejected, Reply
from llm.client import ClientConfig, Provider
from llm.errors import LLMUnavailable
from llm.ledger import UsageLedger
from llm.prices import PriceTable
from records import JsonlWriter, Requirement
from llm.retry import RetryPolicy
from llm.providers import API_NAME, DEFAULT_MODEL as PROVIDER_MODELS, open_chat
from llm.templates import render
from verifier.evidence import filter_evidence
from verifier.judge_input import InputBudget, JudgeInput, build_input
from verifier.run_record import RunRecord
from verifier.verdict import Judgement
from verifier.verdict_parse import MalformedVerdict, ParsedReply, parse_reply

DEFAULT_MODEL = PROVIDER_MODELS["anthropic"]
PROMPTS_DIR = Path(__file__).with_name("prompts")
USAGE_SCHEMA = "opsbench.verifier-usage/1"


@dataclass(frozen=True)
class JudgeOptions:
    model: str = DEFAULT_MODEL
    effort: str | None = None  # output_config.effort (low … max) or reasoning_effort; None: default
    max_tokens: int = 16_000
    templates_dir: Path = PROMPTS_DIR  # system.md, user.md, repair.md
    budget: InputBudget = InputBudget()
    price_table: Path | None = None  # None: llm/prices.toml


@dataclass(frozen=True)
class ClientOptions:
    config: ClientConfig | None = None  # None: the provider's key and base URL variables
    provider: Provider = "anthropic"  # when config is None
    retry: RetryPolicy = RetryPolicy()
    sleep: Callable[[float], None] = time.sleep


@dataclass(frozen=True)
class JudgeResult:
    judgements: Mapping[str, Judgement]
    summary: str | None  # the model's overview of the run
    input: JudgeInput
    error: str | None  # the API could not be used; every judgement is then indeterminate
    usage: Mapping[str, Any]  # the usage record (verifier/usage*.json)


@dataclass
class _Call:
    purpose: str
    retries: list[RetryEvent] = field(default_factory=list)
    reply: Reply | None = None


def _open_chat(options: JudgeOptions, client: ClientOptions, system: str,
               on_retry: Callable[[RetryEvent], None]) -> Chat:
    config = client.config or ClientConfig.from_env(
        hint="or run without the LLM verifier (--verifier=checks)", provider=client.provider)
    caller = RetryingCaller(API_NAME[config.provider], client.retry, on_retry=on_retry,
                            sleep=client.sleep)
    return open_chat(config, caller, model=options.model, system=system,
                     max_tokens=options.max_tokens, effort=options.effort)


def judge(record: RunRecord, requirements: Sequence[Requirement], *, show_checks: bool,
          blind: bool, diffs: list[dict[str, Any]], options: JudgeOptions,
          client: ClientOptions, log_path: Path) -> JudgeResult:
    inp = build_input(record, requirements, show_checks=show_checks, blind=blind, diffs=diffs,
                      budget=options.budget)
    ids = [r.id for r in requirements]
    calls: list[_Call] = []
    system = render(options.templates_dir / "system.md", {})
    chat = _open_chat(options, client, system, lambda event: calls[-1].retries.append(event))
    log_path.unlink(missing_ok=True)  # a log left by an earlier attempt is not this one's
    log = JsonlWriter(log_path)
    try:
        log.write({"role": "system", "content": system})
        parsed, failure, error = _converse(chat, options, inp, ids, calls, log)
    finally:
        log.close()
    if parsed is not None:
        judgements = {rid: _judgement(parsed, rid, inp) for rid in ids}
    else:
        judgements = {rid: Judgement(method="llm", status="indeterminate", summary="",
                                     evidence=(), reason=failure) for rid in ids}
    return JudgeResult(judgements=judgements, summary=parsed.summary if parsed else None,
                       input=inp, error=error, usage=_usage_record(options, calls))


def _converse(chat: Chat, options: JudgeOptions, inp: JudgeInput, ids: list[str],
              calls: list[_Call], log: JsonlWriter
              ) -> tuple[ParsedReply | None, str | None, str | None]:
    """(parsed reply, why there is none, API error) — at most a verdict call and one repair."""
    text = render(options.templates_dir / "user.md", inp.sections)
    problem = ""
    for purpose in ("verdict", "repair"):
        role, content = chat.add_user(text)
        log.write({"role": role, "content": content})
        calls.append(_Call(purpose))
        try:
            reply = chat.send()
        except (LLMUnavailable, ProviderRejected, anthropic.APIError, openai.APIError) as e:
            reason = f"the LLM verifier could not be used: {type(e).__name__}: {e}"
            return None, reason, reason
        calls[-1].reply = reply
        log.write({"role": "assistant", "content": reply.content, "stop_reason": reply.stop_reason})
        if reply.stop in ("refusal", "content_filter"):
            return None, f"the model refused to judge ({purpose} call)", None
        try:
            return parse_reply(reply.text, ids), None, None
        except MalformedVerdict as e:
            problem = str(e) + (" (the reply hit max_tokens)" if reply.stop == "max_tokens" else "")
        chat.add_reply(reply)
        text = render(options.templates_dir / "repair.md", {"error": problem, "ids": ", ".join(ids)})
    return None, f"malformed verdict JSON after one repair request: {problem}", None


def templates_digest(templates_dir: Path) -> str:
    """sha256 over the three templates, so evaluations made with different prompts differ."""
    h = hashlib.sha256()
    for name in ("system.md", "user.md", "repair.md"):
        h.update((templates_dir / name).read_bytes())
    return h.hexdigest()


def _judgement(parsed: ParsedReply, rid: str, inp: JudgeInput) -> Judgement:
    raw = parsed.verdicts[rid]
    f = filter_evidence(raw.evidence, inp.evidence_ids)
    status, reason = raw.status, None
    if status != "indeterminate" and not f.kept:
        status = "indeterminate"
        reason = ("no valid evidence: cited ids not in the record: " + ", ".join(f.dropped)
                  if f.dropped else "no evidence cited")
    return Judgement(method="llm", status=status, summary=raw.summary, evidence=f.kept,
                     dropped_evidence=f.dropped, reason=reason)


def _usage_record(options: JudgeOptions, calls: list[_Call]) -> dict[str, Any]:
    """agent/usage.json's layout (llm.ledger: turns, totals, cost), so one reader serves both,
    plus what only the verifier has: why each call was made and its retries."""
    ledger = UsageLedger(PriceTable.load(options.price_table))
    turn_of = {}
    for i, c in enumerate(calls):
        if c.reply is not None:
            turn_of[i] = ledger.add(c.reply.model, c.reply.stop_reason, c.reply.usage).number
    return {
        "schema": USAGE_SCHEMA,
        "model": options.model,
        "effort": options.effort,
        **ledger.to_json(),
        "calls": [{"call": i + 1, "purpose": c.purpose, "turn": turn_of.get(i),
                   "retries": [r.to_json() for r in c.retries]} for i, c in enumerate(calls)],
    }
