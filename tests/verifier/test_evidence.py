from hypothesis import given
from hypothesis import strategies as st

from verifier._record import filter_evidence, known_ids
from verifier._record import load_run

ids = st.one_of(st.from_regex(r"c[0-9]{4}", fullmatch=True),
                st.sampled_from(["snapshot:post_agent:node1:units", "check:post_agent:req-1"]),
                st.text(max_size=12))
cited = st.lists(st.one_of(ids, st.integers(), st.none(), st.dictionaries(st.text(), st.text())),
                 max_size=20)


@given(cited, st.frozensets(ids, max_size=20))
def test_never_keeps_an_unknown_id(items, known):
    result = filter_evidence(items, known)
    assert set(result.kept) <= known
    assert len(result.kept) == len(set(result.kept))


@given(cited, st.frozensets(ids, max_size=20))
def test_is_idempotent(items, known):
    once = filter_evidence(items, known)
    twice = filter_evidence(once.kept, known)
    assert twice.kept == once.kept and twice.dropped == ()


@given(cited, st.frozensets(ids, max_size=20))
def test_keeps_every_known_id_in_first_cited_order(items, known):
    expected = list(dict.fromkeys(i for i in items if isinstance(i, str) and i in known))
    assert list(filter_evidence(items, known).kept) == expected


def test_drops_are_reported_as_text():
    result = filter_evidence(["c0001", "c9999", 7, "c9999"], frozenset({"c0001"}))
    assert result.kept == ("c0001",) and result.dropped == ("c9999", "7")


def test_known_ids_cover_commands_snapshot_keys_and_checks(run_dir):
    record = load_run(run_dir)
    known = known_ids(record)
    assert {"c0001", "snapshot:post_agent:node1:units", "snapshot:pre_prepare:node1:etc",
            "check:post_agent:req-2"} <= known
    assert "snapshot:post_reboot:node1:units" not in known  # no reboot in this run
    assert "check:post_agent:req-2" not in known_ids(record, include_checks=False)
