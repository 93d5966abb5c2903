"""What the model sees of a command's output: capped, head and tail kept, the cut said aloud."""
from __future__ import annotations


def marker(cut: int) -> str:
    return f"\n[... {cut} characters cut ...]\n"


def cap_text(text: str, limit: int) -> str:
    """`text` if it fits in `limit` characters, else its head and tail (limit characters in all)
    around a marker that says how many characters were cut.

    The tail gets the larger share: errors and final status lines usually come last.
    """
    if len(text) <= limit:
        return text
    head = limit // 3
    tail = limit - head
    return text[:head] + marker(len(text) - limit) + (text[-tail:] if tail else "")
