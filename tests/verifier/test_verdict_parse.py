import json

import pytest

from verifier._judge import MalformedVerdict, parse_reply

GOOD = {"summary": "s", "requirements": [
    {"id": "req-1", "status": "satisfied", "summary": "ok", "evidence": ["c0001"]},
    {"id": "req-9", "status": "satisfied", "summary": "extra", "evidence": []}]}


@pytest.mark.parametrize("wrap", [
    lambda s: s, lambda s: f"```json\n{s}\n```", lambda s: f"Here you go:\n{s}\nDone."])
def test_reads_plain_fenced_or_surrounded_json(wrap):
    reply = parse_reply(wrap(json.dumps(GOOD)), ["req-1"])
    assert reply.verdicts["req-1"].status == "satisfied"
    assert reply.verdicts["req-1"].evidence == ("c0001",)
    assert set(reply.verdicts) == {"req-1"}  # req-9 was not asked about
    assert reply.summary == "s"


@pytest.mark.parametrize("reply, message", [
    ("", "empty"),
    ("I think it is fine.", "not valid JSON"),
    ('{"requirements": {"id": "req-1"}}', '"requirements" list'),
    ('{"requirements": [{"id": "req-1", "status": "done", "evidence": []}]}', "status"),
    ('{"requirements": [{"id": "req-1", "status": "satisfied", "evidence": "c1"}]}', "evidence"),
    ('{"requirements": []}', "no verdict for req-1"),
    ('{"requirements": [{"id": "req-1", "status": "satisfied"}, '
     '{"id": "req-1", "status": "satisfied"}]}', "second verdict"),
])
def test_malformed_replies_say_what_is_wrong(reply, message):
    with pytest.raises(MalformedVerdict, match=message):
        parse_reply(reply, ["req-1"])
