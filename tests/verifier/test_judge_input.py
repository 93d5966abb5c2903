from tests.verifier.sweep_factory import RunSpec, make_run
from verifier._observations import phase_diffs
from verifier._judge import InputBudget, build_input
from verifier._record import load_run


def _input(run_dir, judged=None, **kwargs):
    record = load_run(run_dir)
    defaults = dict(show_checks=True, blind=False, diffs=phase_diffs(record))
    requirements = [r for r in record.requirements if judged is None or r.id in judged]
    return build_input(record, requirements, **(defaults | kwargs))


def test_everything_fits_and_nothing_is_cut(run_dir):
    inp = _input(run_dir)
    assert inp.notes == ()
    assert "nothing was cut or withheld" in inp.sections["notes"]
    assert "apt-get install -y nginx" in inp.sections["commands"]
    assert '"nginx.service"' in inp.sections["diffs"]
    assert inp.chars == sum(map(len, inp.sections.values()))


def test_over_budget_cuts_in_order_and_says_what(tmp_path):
    run = make_run(tmp_path, RunSpec(agent_output_chars=50_000, agent_commands=40))
    inp = _input(run, budget=InputBudget(max_chars=60_000))
    assert inp.chars <= 60_000
    text = " ".join(inp.notes)
    assert "snapshots pre_prepare, post_prepare left out" in text
    assert "shortened to" in text and "head and tail kept" in text
    assert "chars cut" in inp.sections["commands"]
    assert inp.sections["notes"].count("\n- ") == len(inp.notes) - 1


def test_a_tiny_budget_drops_the_middle_of_the_log_but_keeps_ids_citable(tmp_path):
    run = make_run(tmp_path, RunSpec(agent_output_chars=5_000, agent_commands=200))
    inp = _input(run, budget=InputBudget(max_chars=40_000))
    assert inp.chars <= 40_000
    assert any("in the middle of the log left out" in n for n in inp.notes)
    assert not any("cut to fit" in n for n in inp.notes)  # the levels sufficed
    assert "c0100" in inp.evidence_ids and "### c0100 " not in inp.sections["commands"]


def test_blind_withholds_the_agent_report(run_dir):
    inp = _input(run_dir, blind=True)
    assert inp.sections["agent_report"] == "(withheld: blind evaluation)"
    assert "rule deleted during setup" not in "".join(inp.sections.values())
    assert any("blind" in n for n in inp.notes)


def test_hidden_checks_hide_their_results_and_commands(run_dir):
    inp = _input(run_dir, show_checks=False)
    everything = "".join(inp.sections.values())
    assert "check req-" not in everything and "check:post_agent" not in everything
    assert not any(i.startswith("check:") for i in inp.evidence_ids)
    assert "c0010" not in inp.evidence_ids  # the first check command
    # Auto mode: the judge sees the results of the checks it does not judge itself.
    shown = _input(run_dir, judged={"req-3"})
    assert "check:post_agent:req-2: not_satisfied" in shown.sections["checks"]
    assert "check:post_agent:req-2" in shown.evidence_ids and "c0010" in shown.evidence_ids
