"""Capping what the model sees of a command's output (property tests)."""
from __future__ import annotations

import re

from hypothesis import given, strategies as st

from agents._output import cap_text, marker

texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=3000)
limits = st.integers(min_value=0, max_value=2000)


@given(texts, limits)
def test_short_text_is_untouched(text, limit):
    if len(text) <= limit:
        assert cap_text(text, limit) == text


@given(texts, limits)
def test_never_exceeds_cap_plus_marker(text, limit):
    out = cap_text(text, limit)
    assert len(out) <= limit + len(marker(len(text)))


@given(texts, limits)
def test_keeps_head_and_tail_and_says_how_much_was_cut(text, limit):
    if len(text) <= limit:
        return
    out = cap_text(text, limit)
    cut = len(text) - limit
    m = marker(cut)
    # Some split of the cap into head and tail, the tail (where errors are) no smaller.
    assert any(out == text[:h] + m + text[len(text) - (limit - h):]
               for h in range(limit // 2 + 1))
    assert re.search(rf"\[\.\.\. {cut} characters cut \.\.\.\]", out)
