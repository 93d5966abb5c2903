"""The wrong-solution agent runs a task's `wrong-<name>.sh` steps through a real local bash, as
the oracle runs its reference solution; `# steps: oracle node1` runs the reference first."""
from __future__ import annotations

from pathlib import Path

import pytest

from agents import AgentOptions, make_agent
from fixtures.tasks import TaskError, load_task
from tests.agents.local_session import LocalSession, local_cluster

TOML = """\
id = "demo"
title = "demo"
category = "single-node"
oses = ["debian12"]

[topology]
[[topology.networks]]
name = "priv"
cidr = "10.100.0.0/24"
[[topology.nodes]]
name = "node1"
nics = ["priv"]
[[topology.nodes]]
name = "node2"
nics = ["priv"]

[[requirements]]
id = "req-1"
text = "The marker exists."
method = "check"

[[requirements]]
id = "req-2"
text = "The marker survives."
method = "check"
"""


def _task(tmp_path: Path) -> Path:
    d = tmp_path / "single-node" / "demo"
    d.mkdir(parents=True)
    (d / "task.toml").write_text(TOML)
    (d / "instruction.md").write_text("Make the marker.\n")
    (d / "solution.sh").write_text('echo "reference on $NODE"\n')
    (d / "wrong-undo.sh").write_text("#!/bin/bash\n# must fail req-2: the reference, then undone on node1\n"
                                     "# steps: oracle node1\necho \"undo on $NODE\"\n")
    (d / "wrong-everywhere.sh").write_text("#!/bin/bash\n# must fail req-1, req-2: half done\n"
                                           "echo \"half on $NODE\"\n")
    (d / "wrong-breaks.sh").write_text("#!/bin/bash\n# must fail req-1: a typo\nexit 7\n")
    return d


def _solve(task_dir: Path, spec: str, tmp_path: Path):
    agent = make_agent(spec, AgentOptions()).for_task(load_task(task_dir))
    session = LocalSession(tmp_path / "run", cluster=local_cluster("node1", "node2"), task_dir=task_dir)
    (tmp_path / "run").mkdir(exist_ok=True)
    return agent.solve(session), [c["stdout"].strip() for c in session.commands()]


def test_the_header_gives_the_requirements_and_the_steps(tmp_path):
    task = load_task(_task(tmp_path))
    by = {w.name: w for w in task.wrong_solutions}
    assert sorted(by) == ["breaks", "everywhere", "undo"]
    assert by["everywhere"].must_fail == ("req-1", "req-2") and by["everywhere"].why == "half done"
    assert [(s.node, s.script) for s in by["undo"].steps] == \
        [("node1", "solution.sh"), ("node2", "solution.sh"), ("node1", "wrong-undo.sh")]
    assert [(s.node, s.script) for s in by["everywhere"].steps] == \
        [("node1", "wrong-everywhere.sh"), ("node2", "wrong-everywhere.sh")]


def test_oracle_steps_then_the_mistake(tmp_path):
    report, outputs = _solve(_task(tmp_path), "wrong:undo", tmp_path)
    assert outputs == ["reference on node1", "reference on node2", "undo on node1"]
    assert report.status == "completed" and "wrong-undo.sh" in report.summary


def test_by_default_on_every_node(tmp_path):
    report, outputs = _solve(_task(tmp_path), "wrong:everywhere", tmp_path)
    assert outputs == ["half on node1", "half on node2"]


def test_a_script_that_exits_non_zero_reports_blocked(tmp_path):
    """validate then does not count the run as caught."""
    report, _ = _solve(_task(tmp_path), "wrong:breaks", tmp_path)
    assert report.status == "blocked" and "exited 7" in report.summary


def test_an_unknown_name_says_which_there_are(tmp_path):
    with pytest.raises(TaskError, match=r"no wrong solution 'nope' \(no wrong-nope.sh\); this task has: "
                                        r"breaks, everywhere, undo"):
        make_agent("wrong:nope", AgentOptions()).for_task(load_task(_task(tmp_path)))
