"""Reading the LLM verifier's reply: one JSON object with a verdict per requirement.

Expected shape (verifier/prompts/system.md asks for it):
  {"summary": "...", "requirements": [{"id": "req-1", "status": "satisfied", "summary": "...",
                                        "evidence": ["c0012", "snapshot:post_agent:node1:units"]}]}
The object may be wrapped in a ```json fence or surrounded by prose. Anything that does not
give every judged requirement exactly one well-formed verdict is malformed, and the error says
what is wrong, because it is sent back to the model in the repair request.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from verifier.verdict import STATUSES, Status

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
