"""How a recorded command is shown to the model as a tool result."""
from __future__ import annotations

from agents._output import cap_text
from records import CommandRecord


def show_command(rec: CommandRecord, timeout_s: float, requested_s: float | None,
                 chars_shown: int) -> str:
    """Header (id, node, exit status, duration, notes) and the output, capped at `chars_shown`."""
    if rec.transport_error:
        status = f"no exit status: the connection to the node failed: {rec.transport_error}"
    elif rec.timed_out:
        status = f"no exit status: stopped after the foreground limit of {timeout_s:g} s"
    else:
        status = f"exit {rec.exit_code}"
    lines = [f"command {rec.id} on {rec.node}: {status}, {rec.duration_ms / 1000:.1f} s"]
    if requested_s is not None and requested_s > timeout_s:
        lines.append(f"(timeout_s {requested_s:g} was lowered to {timeout_s:g} s)")
    if rec.truncated:
        lines.append(f"(the record keeps only the first {rec.output_cap} bytes of each stream)")
    body = "".join(f"{name}:\n{text}" + ("" if text.endswith("\n") else "\n")
                   for name, text in (("stdout", rec.stdout), ("stderr", rec.stderr)) if text)
    lines.append(cap_text(body, chars_shown) if body else "(no output)")
    return "\n".join(lines)
