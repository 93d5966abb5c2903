"""commands.jsonl: every command of every phase, one JSON object per line (docs/records.md)."""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TypeVar

import msgspec


class CommandRecord(msgspec.Struct, frozen=True):
    """One command as recorded. Every field has a default so a line written by an older
    harness, or by the study importer, still reads."""
    id: str = ""  # c0001, … : what the agent cites as evidence
    seq: int = 0  # order of completion within the run
    phase: str = ""
    source: str = ""  # agent | harness | lab
    node: str = ""
    user: str = ""
    command: str = ""
    started_at: str = ""
    duration_ms: int = 0
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    truncated: bool = False
    output_cap: int = 0
    timed_out: bool = False
    transport_error: str | None = None
    timeout_s: float | None = None  # the foreground limit it ran under (None: none recorded)

    @property
    def is_agent(self) -> bool:
        return self.source == "agent" or (not self.source and self.phase == "agent")


C = TypeVar("C", bound=CommandRecord)


def read_commands(path: Path, kind: type[C] = CommandRecord) -> list[C]:  # type: ignore[assignment]
    """The lines of a commands.jsonl in `seq` order, as `kind` (CommandRecord or a subclass with
    derived fields); a torn or malformed line (a crash mid-append) is skipped."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return []
    return sorted(_decode_lines(raw, kind), key=lambda c: c.seq)


@cache
def _decoders(kind: type[C]) -> tuple[msgspec.json.Decoder, msgspec.json.Decoder]:
    return msgspec.json.Decoder(list[kind]), msgspec.json.Decoder(kind)


def _decode_lines(raw: bytes, kind: type[C]) -> list[C]:
    many, one = _decoders(kind)
    # The common file, one object per line, becomes one JSON array by turning newlines into
    # commas: no copy line by line. Any other (a blank or torn line, an object split over lines)
    # then fails to decode and takes the careful path; \r would split lines there, not here.
    if b"\r" not in raw:
        try:
            return many.decode(b"[" + raw.strip().replace(b"\n", b",") + b"]")
        except (msgspec.DecodeError, msgspec.ValidationError):
            pass
    lines = [ln for ln in raw.splitlines() if ln.strip()]
    try:
        return many.decode(b"[" + b",".join(lines) + b"]")
    except (msgspec.DecodeError, msgspec.ValidationError):
        decoded = []
        for ln in lines:
            try:
                decoded.append(one.decode(ln))
            except (msgspec.DecodeError, msgspec.ValidationError):
                continue
        return decoded
