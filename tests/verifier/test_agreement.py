import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from verifier._reverify import agreement

LABELS = ["satisfied", "partially_satisfied", "not_satisfied", "indeterminate"]
pairs = st.lists(st.tuples(st.sampled_from(LABELS), st.sampled_from(LABELS)), min_size=1,
                 max_size=60)


@given(st.lists(st.sampled_from(LABELS), min_size=2, max_size=60))
def test_identical_labels_with_two_categories_give_kappa_one(labels):
    assume(len(set(labels)) >= 2)
    result = agreement(labels, labels)
    assert result.kappa == 1.0 and result.raw == 1.0


@given(pairs)
def test_symmetric(items):
    a, b = [x for x, _ in items], [y for _, y in items]
    assert agreement(a, b) == agreement(b, a)


@given(pairs)
def test_raw_agreement_in_unit_interval_and_kappa_at_most_one(items):
    result = agreement([x for x, _ in items], [y for _, y in items])
    assert 0.0 <= result.raw <= 1.0
    assert result.kappa is None or -1.0 <= result.kappa <= 1.0


def test_textbook_example():
    # 50 items: both yes 20, a yes b no 5, a no b yes 10, both no 15 -> p_o 0.7, p_e 0.5, kappa 0.4
    a = ["yes"] * 25 + ["no"] * 25
    b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    result = agreement(a, b)
    assert result.raw == pytest.approx(0.7) and result.kappa == pytest.approx(0.4)


def test_one_category_only_is_undefined_and_says_so():
    result = agreement(["satisfied"] * 4, ["satisfied"] * 4)
    assert result.kappa is None and result.raw == 1.0
    assert result.kappa_text() == "undefined (one category only: satisfied)"


def test_no_items_and_length_mismatch():
    assert agreement([], []).kappa is None and agreement([], []).raw_text() == "n/a"
    with pytest.raises(ValueError, match="differ in length"):
        agreement(["a"], [])
