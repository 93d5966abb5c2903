"""The LLM verifier: what it is shown of a run (within a size budget), the call, and the reading of
its reply.
"""
from __future__ import annotations

import hashlib
import json
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import anthropic
import openai

from llm import (API_NAME, DEFAULT_MODEL as PROVIDER_MODELS, Chat, ClientConfig, LLMUnavailable,
                 PriceTable, Provider, ProviderRejected, Reply, RetryEvent, RetryingCaller,
                 RetryPolicy, UsageLedger, open_chat, render)
from records import CommandRecord, JsonlWriter, Requirement
from verifier._record import Run, check_ref, filter_evidence, known_ids
from verifier._verdicts import Judgement, STATUSES, Status

# -- verdict parse -----------------------------------------------------------------------------
# Reading the LLM verifier's reply: one JSON object with a verdict per requirement.
#
# Expected shape (verifier/prompts/system.md asks for it):
#   {"summary": "...", "requirements": [{"id": "req-1", "status": "satisfied", "summary": "...",
#                                         "evidence": ["c0012", "snapshot:post_agent:node1:units"]}]}
# The object may be wrapped in a ```json fence or surrounded by prose. Anything that does not
# give every judged requirement exactly one well-formed verdict is malformed, and the error says
# what is wrong, because it is sent back to the model in the repair request.

_FENCE = re.compile(r"```(?:json)?\s*(\{.*\})\s*```", re.DOTALL)


class MalformedVerdict(ValueError):
    """The reply is not the verdict JSON asked for; the message says what is wrong."""


@dataclass(frozen=True)
class RawVerdict:
    status: Status
    summary: str
    evidence: tuple[object, ...]  # as cited; filtered against the record later


@dataclass(frozen=True)
class ParsedReply:
    summary: str | None
    verdicts: Mapping[str, RawVerdict]  # verdicts for ids not asked about are left out


def parse_reply(text: str, expected_ids: Sequence[str]) -> ParsedReply:
    data = _load(text)
    if not isinstance(data, dict) or not isinstance(data.get("requirements"), list):
        raise MalformedVerdict('expected an object with a "requirements" list')
    verdicts: dict[str, RawVerdict] = {}
    for i, item in enumerate(data["requirements"]):
        rid, verdict = _item(i, item)
        if rid in verdicts:
            raise MalformedVerdict(f"requirements[{i}]: a second verdict for {rid!r}")
        if rid in expected_ids:
            verdicts[rid] = verdict
    missing = [r for r in expected_ids if r not in verdicts]
    if missing:
        raise MalformedVerdict(f"no verdict for {', '.join(missing)}")
    summary = data.get("summary")
    return ParsedReply(summary=summary if isinstance(summary, str) else None, verdicts=verdicts)


def _load(text: str) -> Any:
    candidates = [text.strip()]
    if m := _FENCE.search(text):
        candidates.insert(0, m.group(1))
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start:end + 1])
    error = "the reply is empty"
    for candidate in candidates:
        if not candidate:
            continue
        try:
            return json.loads(candidate)
        except json.JSONDecodeError as e:
            error = f"not valid JSON: {e}"
    raise MalformedVerdict(error)


def _item(i: int, item: Any) -> tuple[str, RawVerdict]:
    where = f"requirements[{i}]"
    if not isinstance(item, dict):
        raise MalformedVerdict(f"{where}: expected an object")
    rid, status = item.get("id"), item.get("status")
    if not isinstance(rid, str) or not rid:
        raise MalformedVerdict(f'{where}: "id" must be a requirement id string')
    if status not in STATUSES:
        raise MalformedVerdict(f'{where} ({rid}): "status" must be one of {", ".join(STATUSES)}, '
                               f"got {status!r}")
    evidence = item.get("evidence", [])
    if not isinstance(evidence, list):
        raise MalformedVerdict(f'{where} ({rid}): "evidence" must be a list of ids')
    summary = item.get("summary", "")
    return rid, RawVerdict(status=status, evidence=tuple(evidence),
                           summary=summary if isinstance(summary, str) else str(summary))


# -- judge input -------------------------------------------------------------------------------
# What the LLM verifier is shown about a run, rendered as prompt sections within a size budget.
#
# Sections: the instruction, the requirements to judge, the topology, the deterministic results the
# judge may see, the agent's report (unless blind), the diffs between snapshot phases, the
# snapshots, and the command log. When the whole is over budget, detail is cut in a fixed order
# (early snapshots left out, long snapshot maps and lists shown in part, command outputs
# shortened to head and tail, harness outputs left out, the middle of the command log left out)
# and every cut, like everything withheld, is named in the input's notes, which the judge reads.

_EARLY_PHASES = ("pre_prepare", "post_prepare")


@dataclass(frozen=True)
class InputBudget:
    max_chars: int = 400_000  # all sections together (~100k tokens)
    output_chars: int = 4_000  # per stream and command before cutting starts
    min_output_chars: int = 200
    list_items: int = 200  # entries of a snapshot map or list shown before cutting starts


@dataclass(frozen=True)
class JudgeInput:
    sections: Mapping[str, str]  # template placeholder -> text
    notes: tuple[str, ...]  # what was cut or withheld, in words
    evidence_ids: frozenset[str]  # what the judge may cite
    chars: int


@dataclass
class _PartCount:
    """Values shown in part, counted while rendering (one note covers them all)."""
    n: int = 0


@dataclass(frozen=True)
class _Level:
    """One degree of detail; levels are tried from most to least detailed."""
    output_chars: int
    list_items: int
    early_snapshots: bool = True
    harness_output: bool = True
    command_window: int | None = None  # keep this many commands at each end of the log


def build_input(record: Run, judged: Sequence[Requirement], *, show_checks: bool,
                blind: bool, diffs: list[dict[str, Any]],
                budget: InputBudget = InputBudget()) -> JudgeInput:
    commands = tuple(c for c in record.commands if show_checks or not c.phase.startswith("checks"))
    hidden = {c.id for c in record.commands} - {c.id for c in commands}
    ids = known_ids(record, include_checks=show_checks) - hidden
    withheld = _withheld_notes(record, show_checks, blind, len(hidden))
    for level in _levels(budget, len(commands)):
        sections, cuts = _render(record, judged, show_checks, blind, diffs, commands, level)
        if _size(sections) <= budget.max_chars:
            break
    else:
        sections, cut = _hard_cut(sections, budget.max_chars)
        cuts.append(cut)
    notes = tuple(withheld + cuts)
    sections["notes"] = "\n".join(f"- {n}" for n in notes) or "- nothing was cut or withheld"
    return JudgeInput(sections=sections, notes=notes, evidence_ids=ids, chars=_size(sections))


def _size(sections: Mapping[str, str]) -> int:
    return sum(map(len, sections.values()))


def _levels(budget: InputBudget, n_commands: int) -> Iterable[_Level]:
    """From most to least detail: snapshot bulk goes first, since the diffs and the commands
    are what requirements are usually judged on."""
    level = _Level(budget.output_chars, budget.list_items)
    yield level
    level = replace(level, early_snapshots=False)
    yield level
    while level.list_items > 25:
        level = replace(level, list_items=max(25, level.list_items // 2))
        yield level
    while level.output_chars > budget.min_output_chars:
        level = replace(level, output_chars=max(budget.min_output_chars, level.output_chars // 2))
        yield level
    while level.list_items > 5:
        level = replace(level, list_items=max(5, level.list_items // 2))
        yield level
    level = replace(level, harness_output=False)
    yield level
    window = n_commands // 2
    while window > 5:
        window //= 2
        yield replace(level, command_window=window)


def _render(record: Run, judged: Sequence[Requirement], show_checks: bool, blind: bool,
            diffs: list[dict[str, Any]], commands: Sequence[CommandRecord],
            level: _Level) -> tuple[dict[str, str], list[str]]:
    notes: list[str] = []
    listed = _PartCount()
    sections = {
        "instruction": record.instruction or "(the record has no instruction)",
        "requirements": _json([{"id": r.id, "text": r.text} for r in judged]),
        "topology": _json(record.topology) if record.topology else "(no topology recorded)",
        "checks": _checks(record, judged) if show_checks else "(not shown)",
        "agent_report": _agent_report(record) if not blind else "(withheld: blind evaluation)",
        "diffs": _diffs(diffs, level, listed),
        "snapshots": _snapshots(record, level, listed, notes),
        "commands": _commands(commands, level, notes),
    }
    if listed.n:
        notes.append(f"{listed.n} values in the snapshots and diffs (maps and lists over "
                     f"{level.list_items} entries, texts over {level.output_chars} chars) are "
                     "shown in part; the whole is in the record and citable by its snapshot key")
    return sections, notes


def _checks(record: Run, judged: Sequence[Requirement]) -> str:
    if record.checks is None:
        return "(no deterministic results recorded)"
    hidden = {r.id for r in judged}
    lines = [f"{check_ref(phase, r.id)}: {r.status}" + (f": {r.detail}" if r.detail else "")
             + (f" (commands: {', '.join(r.command_ids)})" if r.command_ids else "")
             for phase, results in record.checks.phases.items() for r in results
             if r.id not in hidden]
    return "\n".join(lines) or "(none)"


def _agent_report(record: Run) -> str:
    report = record.agent_report
    return _json(report.to_json()) if report else "(the agent left no report)"


def _snapshots(record: Run, level: _Level, listed: _PartCount, notes: list[str]) -> str:
    shown = {phase: snap.get("nodes") or {} for phase, snap in record.snapshots.items()
             if level.early_snapshots or phase not in _EARLY_PHASES}
    left_out = [p for p in record.snapshots if p not in shown]
    if left_out:
        notes.append(f"snapshots {', '.join(left_out)} left out; their changes are in the diffs")
    capped = {phase: {node: {k: _cap(v, level, listed) for k, v in data.items()}
                      if isinstance(data, dict) else data for node, data in nodes.items()}
              for phase, nodes in shown.items()}
    return _json(capped) if shown else "(no snapshots recorded)"


def _diffs(diffs: list[dict[str, Any]], level: _Level, listed: _PartCount) -> str:
    if not diffs:
        return "(no two phases to compare)"
    capped = [{**d, "nodes": {node: {**nd, "keys": {k: {f: _cap(v, level, listed)
                                                        for f, v in kd.items()}
                                                    for k, kd in nd.get("keys", {}).items()}}
                              for node, nd in d["nodes"].items()}}
              for d in diffs]
    return _json(capped)


def _commands(commands: Sequence[CommandRecord], level: _Level, notes: list[str]) -> str:
    kept: Sequence[CommandRecord] = commands
    w = level.command_window
    if w is not None and len(commands) > 2 * w:
        gap = commands[w:-w]
        kept = (*commands[:w], *commands[-w:])
        notes.append(f"{len(gap)} commands in the middle of the log left out ({gap[0].id}–"
                     f"{gap[-1].id}); their ids stay citable")
    shortened = 0
    blocks = []
    for i, c in enumerate(kept):
        if w is not None and len(commands) > 2 * w and i == w:
            blocks.append("[… commands left out …]")
        show_output = not c.phase.startswith("snapshot") and (level.harness_output
                                                             or c.source == "agent")
        block, cut = _command(c, level.output_chars if show_output else None)
        shortened += cut
        blocks.append(block)
    if shortened:
        notes.append(f"outputs of {shortened} commands shortened to {level.output_chars} chars "
                     "per stream (head and tail kept)")
    if not level.harness_output:
        notes.append("outputs of harness commands left out")
    capped = sum(c.truncated for c in kept)
    if capped:
        notes.append(f"{capped} commands had output already capped when recorded (output_cap)")
    return "\n\n".join(blocks) or "(no commands recorded)"


def _command(c: CommandRecord, output_chars: int | None) -> tuple[str, bool]:
    flags = [f"exit {c.exit_code}" if c.exit_code is not None else "no exit status"]
    if c.timed_out:
        flags.append("timed out")
    if c.transport_error:
        flags.append(f"transport error: {c.transport_error}")
    lines = [f"### {c.id} · {c.phase} · {c.source} · {c.node} · {' · '.join(flags)} · "
             f"{c.duration_ms} ms", f"$ {c.command}"]
    if output_chars is None:
        lines.append("(output not shown" + (": it is the snapshot)" if c.phase.startswith(
            "snapshot") else ")"))
        return "\n".join(lines), False
    cut = False
    for name, text in (("stdout", c.stdout), ("stderr", c.stderr)):
        if text:
            shown, was_cut = _head_tail(text, output_chars)
            cut |= was_cut
            lines += [f"{name}:", shown]
    return "\n".join(lines), cut


def _head_tail(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    head = limit // 2
    tail = limit - head
    return f"{text[:head]}\n[… {len(text) - limit} chars cut …]\n{text[-tail:]}", True


def _cap(value: Any, level: _Level, listed: _PartCount) -> Any:
    """`value` with maps and lists cut to `level.list_items` entries and texts to
    `level.output_chars`, at every depth; `listed` counts the cuts."""
    items = level.list_items
    if isinstance(value, dict):
        entries = list(value.items())
        out = {k: _cap(v, level, listed) for k, v in entries[:items]}
        if len(entries) > items:
            listed.n += 1
            out["…"] = f"{len(entries) - items} more entries"
        return out
    if isinstance(value, list):
        out_list = [_cap(v, level, listed) for v in value[:items]]
        if len(value) > items:
            listed.n += 1
            out_list.append(f"… {len(value) - items} more items")
        return out_list
    if isinstance(value, str):
        text, cut = _head_tail(value, level.output_chars)
        listed.n += cut
        return text
    return value


def _hard_cut(sections: dict[str, str], limit: int) -> tuple[dict[str, str], str]:
    """Last resort: cut the longest sections until the whole fits."""
    out = dict(sections)
    while (total := _size(out)) > limit:
        name = max(out, key=lambda k: len(out[k]))
        keep = max(0, len(out[name]) - (total - limit) - 64)
        out[name] = out[name][:keep] + "\n[… cut to fit the input budget …]"
        if keep == 0:
            break
    return out, f"sections cut to fit {limit} chars; the end of the longest sections is missing"


def _withheld_notes(record: Run, show_checks: bool, blind: bool, hidden: int) -> list[str]:
    notes = []
    if blind:
        notes.append("the agent's own report is withheld (blind evaluation)")
    if not show_checks and record.checks is not None:
        notes.append("deterministic check results are withheld so this judgement is independent"
                     + (f"; {hidden} check commands left out of the log" if hidden else ""))
    return notes


def _json(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, default=str)


# -- llm judge ---------------------------------------------------------------------------------
# The LLM verifier: one model call judges every requirement it is given, from the run's record.
#
# Flow: build the input (build_input, above) → render the prompt templates → call the model
# through llm/ (either provider; retries, backoff) → parse the JSON verdicts. A malformed reply gets one repair
# request; a second malformed reply, a refusal or an unreachable API leaves every requirement of
# the call indeterminate with the reason recorded. Cited evidence ids that the record does not
# hold are dropped, and a verdict left without evidence becomes indeterminate.

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


def judge(record: Run, requirements: Sequence[Requirement], *, show_checks: bool,
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
    """agent/usage.json's layout (llm._ledger: turns, totals, cost), so one reader serves both,
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
