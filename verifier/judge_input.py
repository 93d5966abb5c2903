"""What the LLM verifier is shown about a run, rendered as prompt sections within a size budget.

Sections: the instruction, the requirements to judge, the topology, the deterministic results the
judge may see, the agent's report (unless blind), the diffs between snapshot phases, the
snapshots, and the command log. When the whole is over budget, detail is cut in a fixed order
(early snapshots left out, long snapshot maps and lists shown in part, command outputs
shortened to head and tail, harness outputs left out, the middle of the command log left out)
and every cut, like everything withheld, is named in the input's notes, which the judge reads.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping, Sequence

from verifier.evidence import check_ref, known_ids
from records import CommandRecord, Requirement
from verifier.run_record import RunRecord

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


def build_input(record: RunRecord, judged: Sequence[Requirement], *, show_checks: bool,
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


def _render(record: RunRecord, judged: Sequence[Requirement], show_checks: bool, blind: bool,
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


def _checks(record: RunRecord, judged: Sequence[Requirement]) -> str:
    if record.checks is None:
        return "(no deterministic results recorded)"
    hidden = {r.id for r in judged}
    lines = [f"{check_ref(phase, r.id)}: {r.status}" + (f": {r.detail}" if r.detail else "")
             + (f" (commands: {', '.join(r.command_ids)})" if r.command_ids else "")
             for phase, results in record.checks.phases.items() for r in results
             if r.id not in hidden]
    return "\n".join(lines) or "(none)"


def _agent_report(record: RunRecord) -> str:
    report = record.agent_report
    return _json(report.to_json()) if report else "(the agent left no report)"


def _snapshots(record: RunRecord, level: _Level, listed: _PartCount, notes: list[str]) -> str:
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


def _withheld_notes(record: RunRecord, show_checks: bool, blind: bool, hidden: int) -> list[str]:
    notes = []
    if blind:
        notes.append("the agent's own report is withheld (blind evaluation)")
    if not show_checks and record.checks is not None:
        notes.append("deterministic check results are withheld so this judgement is independent"
                     + (f"; {hidden} check commands left out of the log" if hidden else ""))
    return notes


def _json(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, default=str)
