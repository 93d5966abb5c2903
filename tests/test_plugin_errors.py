"""Bad input gets one clear error naming the thing and the fix; an OS that is not available here
is a skip with the command that makes it available. Each test runs the real plugin in a pytest
subprocess on a temporary rootdir (its own tests_tasks/ and OPSBENCH_HOME), with the nop agent:
no VM is ever provisioned (the lab home starts empty, and the libvirt URI cannot connect)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from agents import valid_specs
from lab import images
from records import validate

REPO = Path(__file__).resolve().parents[1]

VALID_TOML = """\
id = "{id}"
title = "A task for the error tests"
category = "{category}"
oses = {oses}

[[requirements]]
id = "req-1"
text = "Something the LLM verifier judges."
method = "llm"
"""


class Lab:
    """A throwaway rootdir that loads the opsbench plugin the way the repo's conftest does."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "opsbench-home"  # OPSBENCH_HOME: no images, leases or owners of the host
        (self.home / "images").mkdir(parents=True)
        (root / "pytest.ini").write_text("[pytest]\npython_files = test_*.py\n")
        (root / "conftest.py").write_text(
            f"import sys\nsys.path.insert(0, {str(REPO)!r})\npytest_plugins = ['fixtures.plugin']\n")
        (root / "tests_tasks").mkdir()

    def task(self, task_id: str = "demo-task", category: str = "single-node", toml: str | None = None,
             oses: tuple[str, ...] = ("debian12",), files=("instruction.md", "solution.sh")) -> Path:
        d = self.root / "tests_tasks" / category / task_id
        d.mkdir(parents=True)
        (d / "task.toml").write_text(toml if toml is not None else
                                     VALID_TOML.format(id=task_id, category=category, oses=json.dumps(list(oses))))
        (d / f"test_{task_id.replace('-', '_')}.py").write_text('"""checks: none (llm only)"""\n')
        for name in files:
            (d / name).write_text("echo solved\n" if name.endswith(".sh") else "Do the thing.\n")
        return d

    def fake_image(self, os_id: str) -> None:
        """Files where the lab looks for an image: 'available' as far as the catalog can tell."""
        d = self.home / "images" / os_id
        d.mkdir(parents=True)
        for name in ("disk.qcow2", "vmlinuz", "initrd.img"):
            (d / name).write_bytes(b"")

    def pytest(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("OPSBENCH_", "PYTEST_"))}
        env.update(OPSBENCH_HOME=str(self.home), PYTHONPATH=str(REPO), OPSBENCH_VIRT_TYPE="qemu")
        proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
                              cwd=self.root, env=env, capture_output=True, text=True, timeout=timeout,
                              check=False)
        proc.output = proc.stdout + proc.stderr  # type: ignore[attr-defined]
        return proc


@pytest.fixture
def lab(tmp_path: Path) -> Lab:
    return Lab(tmp_path / "root")


def _unavailable(source: str, prefer: str) -> str:
    """An OS id of the catalog whose image comes from `source` (a fresh lab home holds none)."""
    ids = [i for i, e in images.load_catalog().items() if e.source == source]
    assert ids, f"the catalog has no OS with source = {source!r}"
    return prefer if prefer in ids else ids[0]


def _no_vm_started(lab: Lab) -> None:
    assert not (lab.home / "pool").exists() and not (lab.home / "templates").exists(), \
        "the lab created overlays or templates: a VM was being provisioned"


# -- task.toml and task folders: collection errors naming the file, the field, the fix ---------
# One tree holds every broken task (a folder each) and one valid task; one collection run.

TOML_CASES = {  # task id: (edit of a valid task.toml, field named, what the error says is expected)
    "oses-not-a-list": (lambda t: t.replace('oses = ["debian12"]', 'oses = "debian12"'),
                        "oses", "expected a list of OS ids from lab/catalog.toml, got 'debian12'"),
    "unknown-os": (lambda t: t.replace('"debian12"', '"debian99"'),
                   "oses", "expected OS ids from lab/catalog.toml ({catalog}), got 'debian99'"),
    "missing-id": (lambda t: t.replace('id = "missing-id"\n', "", 1),
                   "id", "expected the task id (a string) (missing)"),
    "unknown-key": (lambda t: 'colour = "blue"\n' + t,
                    "colour", ("expected one of appliances, category, difficulty, expected, id, oracle, oses, "
                               "persist, requirements, smoke, timeouts, title, topology (unknown field)")),
    "misspelt-requirement-key": (lambda t: t.replace('method = "llm"', 'methd = "llm"'),
                                 "requirements[0].methd",
                                 "expected one of id, text, method (unknown field)"),
    "not-toml": (lambda t: t + "oses = [\n", None, "not valid TOML"),
}


WRONG_CASES = {  # what is wrong: (task id, wrong solution name, its header), what the error says
    "no must-fail line": (("wrong-no-header", "x", "# a mistake"),
                          "no `# must fail req-N: <the mistake>` line"),
    "unknown requirement": (("wrong-unknown-req", "x", "# must fail req-9: not a requirement"),
                            "`must fail` names req-9, not a requirement of task.toml (req-1)"),
    "unknown step": (("wrong-bad-step", "x", "# must fail req-1: bad steps\n# steps: node7"),
                     "step 'node7': not `oracle`, a node (node1) or `<node>:<script>`"),
    "bad name": (("wrong-bad-name", "Upper_Case", "# must fail req-1: x"),
                 "a wrong solution's name is lower-case letters, digits and dashes"),
}


@pytest.fixture(scope="module")
def broken_tree(tmp_path_factory) -> tuple[Lab, subprocess.CompletedProcess]:
    lab = Lab(tmp_path_factory.mktemp("broken") / "root")
    for task_id, (edit, _, _) in TOML_CASES.items():
        toml = lab.task(task_id) / "task.toml"
        toml.write_text(edit(toml.read_text()))
    lab.task("bad-category", category="misc")
    lab.task("no-instruction", files=("solution.sh",))
    lab.task("no-solution", files=("instruction.md",))
    (lab.task("no-tests") / "test_no_tests.py").unlink()
    lab.task("valid-task")
    bad_check = lab.task("check-names-no-node")
    (bad_check / "test_check_names_no_node.py").write_text(
        "from fixtures.checks import requirement\n\n@requirement('req-1')\n"
        "def served(node1, node4):\n    pass\n")
    (lab.task("missing-include") / "solution.sh").write_text("#!/bin/bash\n. tasklib/no-such-helper.sh\n")
    for (task_id, name, head), _ in WRONG_CASES.values():
        (lab.task(task_id) / f"wrong-{name}.sh").write_text(f"#!/bin/bash\n{head}\necho wrong\n")
    return lab, lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=nop",
                           "--continue-on-collection-errors")


def _collect_error(lab: Lab, proc: subprocess.CompletedProcess, task_dir: Path) -> str:
    """The collection error reported for the test module of `task_dir` (its whole section)."""
    module = task_dir.relative_to(lab.root) / f"test_{task_dir.name.replace('-', '_')}.py"
    head = f" ERROR collecting {module} "
    assert head in proc.output, f"no collection error for {module}:\n{proc.output}"
    return proc.output.split(head, 1)[1].split(" ERROR collecting ", 1)[0].split("short test summary")[0]


@pytest.mark.parametrize("task_id", list(TOML_CASES))
def test_malformed_task_toml_is_a_collection_error_naming_file_and_field(broken_tree, task_id):
    lab, proc = broken_tree
    _, field, expected = TOML_CASES[task_id]
    toml = lab.root / "tests_tasks" / "single-node" / task_id / "task.toml"
    error = _collect_error(lab, proc, toml.parent)
    head = f"{toml}: field `{field}`: " if field else f"{toml}: "
    expected = expected.format(catalog=", ".join(images.load_catalog()))
    assert head + expected in error or (field is None and head in error and expected in error), error
    assert "Traceback" not in error


@pytest.mark.parametrize("case", list(WRONG_CASES))
def test_a_malformed_wrong_solution_is_a_collection_error_naming_its_file(broken_tree, case):
    lab, proc = broken_tree
    (task_id, name, _), says = WRONG_CASES[case]
    err = _collect_error(lab, proc, lab.root / "tests_tasks" / "single-node" / task_id)
    assert f"wrong-{name}.sh" in err and says in err, err


def test_unknown_category_names_the_valid_ones(broken_tree):
    lab, proc = broken_tree
    toml = lab.root / "tests_tasks" / "misc" / "bad-category" / "task.toml"
    error = _collect_error(lab, proc, toml.parent)
    assert (f"{toml}: field `category`: expected one of single-node, multi-node, "
            f"clustered-services, brownfield, network, got 'misc'") in error, error


@pytest.mark.parametrize("task_id, says", [
    ("no-instruction", "missing instruction.md (the prompt the agent gets)"),
    ("no-solution", "missing solution.sh (the oracle's reference solution)"),
])
def test_task_folder_without_instruction_or_solution(broken_tree, task_id, says):
    lab, proc = broken_tree
    d = lab.root / "tests_tasks" / "single-node" / task_id
    assert f"{d}: {says}" in _collect_error(lab, proc, d)


def test_a_check_parameter_that_names_no_node_is_a_collection_error(broken_tree):
    lab, proc = broken_tree
    err = _collect_error(lab, proc, lab.root / "tests_tasks" / "single-node" / "check-names-no-node")
    assert ("check served: parameter 'node4' is neither a node of the topology (node1) nor 'ctx' "
            "or 'hosts'") in err, err


def test_a_script_including_a_missing_helper_is_a_collection_error(broken_tree):
    lab, proc = broken_tree
    d = lab.root / "tests_tasks" / "single-node" / "missing-include"
    err = _collect_error(lab, proc, d)
    assert f"{d / 'solution.sh'}:2: includes tasklib/no-such-helper.sh, which does not exist" in err, err
    assert "https-app.sh" in err, err  # it names the helpers there are


def test_task_folder_without_a_test_module(broken_tree):
    lab, proc = broken_tree
    d = lab.root / "tests_tasks" / "single-node" / "no-tests"
    head = f" ERROR collecting {(d / 'task.toml').relative_to(lab.root)} "
    assert head in proc.output, proc.output
    assert f"{d}: task.toml but no test module; add test_no_tests.py" in proc.output.split(head, 1)[1]


def test_only_the_broken_tasks_fail_collection(broken_tree):
    """The control: the valid task collects; every broken one is one error; exit 'errors'."""
    _, proc = broken_tree
    assert proc.returncode == 1, proc.output  # errors (with --continue-on-collection-errors)
    assert "tests_tasks/single-node/valid-task/test_valid_task.py::test_valid_task[debian12]" in proc.output
    assert f"1 test collected, {len(TOML_CASES) + len(WRONG_CASES) + 6} errors" in proc.output, proc.output


# -- options: usage errors listing the valid values -----------------------------------------

def test_unknown_os_is_a_usage_error_listing_valid_ids(lab):
    lab.task()
    proc = lab.pytest("tests_tasks", "--collect-only", "--agent=nop", "--os=nosuchos")
    assert proc.returncode == 4, proc.output  # pytest: usage error
    catalog = ", ".join(images.load_catalog())
    assert f"--os: unknown OS id(s) nosuchos; valid: {catalog}" in proc.output, proc.output
    assert "Traceback" not in proc.output


def test_unknown_agent_is_a_usage_error_listing_valid_agents(lab):
    lab.task()
    proc = lab.pytest("tests_tasks", "--collect-only", "--agent=nosuchagent")
    assert proc.returncode == 4, proc.output
    assert f"--agent: unknown agent 'nosuchagent'; valid: {valid_specs()}" in proc.output
    assert "oracle" in valid_specs() and "nop" in valid_specs()
    assert "Traceback" not in proc.output


@pytest.mark.parametrize("agents, says", [
    ("oracle,nosuchagent", "--agent: unknown agent 'nosuchagent'; valid: "),
    ("nop,oracle,nop", "--agent: nop,oracle,nop names an agent twice; name each once"),
])
def test_bad_agent_list_is_a_usage_error(lab, agents, says):
    lab.task()
    proc = lab.pytest("tests_tasks", "--collect-only", f"--agent={agents}")
    assert proc.returncode == 4 and says in proc.output and "Traceback" not in proc.output, proc.output


def test_several_agents_make_one_test_each_next_to_each_other(lab):
    """`--agent=oracle,nop`: per task×OS a test per agent, in the order given and adjacent (the
    first prepares the machines the next one reuses); one agent keeps the plain ids."""
    lab.task("task-a", oses=("debian12", "debian13"))
    lab.task("task-b")
    proc = lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=oracle,nop", "--os=debian12,debian13")
    ids = [l.split("::", 1)[1] for l in proc.stdout.splitlines() if "::" in l]
    assert ids == ["test_task_a[debian12-oracle]", "test_task_a[debian12-nop]",
                   "test_task_a[debian13-oracle]", "test_task_a[debian13-nop]",
                   "test_task_b[debian12-oracle]", "test_task_b[debian12-nop]"], proc.output
    one = lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=nop", "-k", "task_b")
    assert "test_task_b[debian12]" in one.stdout, one.output


def test_trials_make_one_test_each_in_one_group_next_to_each_other(lab):
    """`--trials 2`: per task×OS×agent a test per trial (`-t<k>`), the trials adjacent and in one
    xdist group (the later ones start from the first's prepared machines); 0 is refused."""
    lab.task("task-a")
    proc = lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=oracle,nop", "--trials=2")
    ids = [l.split("::", 1)[1] for l in proc.stdout.splitlines() if "::" in l]
    assert ids == ["test_task_a[debian12-oracle-t1]", "test_task_a[debian12-oracle-t2]",
                   "test_task_a[debian12-nop-t1]", "test_task_a[debian12-nop-t2]"], proc.output
    one = lab.pytest("tests_tasks", "--collect-only", "-q", "--trials=3")
    assert [l.split("::", 1)[1] for l in one.stdout.splitlines() if "::" in l] == [
        "test_task_a[debian12-t1]", "test_task_a[debian12-t2]", "test_task_a[debian12-t3]"], one.output
    bad = lab.pytest("tests_tasks", "--collect-only", "--trials=0")
    assert bad.returncode == 4 and "--trials 0: give 1 or more" in bad.output, bad.output


def test_a_task_os_agents_form_one_xdist_group(lab):
    """`--dist loadgroup` sends a task×OS's runs to one worker (the later ones start from the
    first one's checkpoint) only if xdist can read the group from the node id."""
    from xdist.scheduler.loadgroup import LoadGroupScheduling
    lab.task("task-a", oses=("debian12", "debian13"))
    (lab.root / "markprobe.py").write_text(
        "import pytest\n"
        "@pytest.hookimpl(trylast=True)\n"
        "def pytest_collection_modifyitems(items):\n"
        "    for it in items:\n"
        "        m = it.get_closest_marker('xdist_group')\n"
        "        print('GROUP', it.nodeid, m.args[0] if m else None)\n")
    proc = lab.pytest("tests_tasks", "--collect-only", "-q", "-p", "markprobe", "--agent=oracle,nop",
                      "--os=debian12,debian13")
    groups = {}
    split = LoadGroupScheduling.__new__(LoadGroupScheduling)
    for line in proc.stdout.splitlines():
        if line.startswith("GROUP "):
            _, nodeid, group = line.split(" ", 2)
            groups.setdefault(split._split_scope(f"{nodeid}@{group}"), []).append(nodeid.rsplit("[", 1)[1])
    assert groups == {"task-a/debian12": ["debian12-oracle]", "debian12-nop]"],
                      "task-a/debian13": ["debian13-oracle]", "debian13-nop]"]}, proc.output


def test_xdist_workers_share_prepared_clusters_under_loadgroup(lab):
    """xdist resets a worker's `dist` option to "no": the pool that lets nop start from the
    oracle's checkpoint must still exist on a `--dist loadgroup` worker, and not under `load`."""
    lab.task("task-a")
    (lab.root / "poolprobe.py").write_text(
        "import os\n"
        "def pytest_collection_finish(session):\n"
        "    from fixtures.plugin.sweep import sweep\n"
        "    if os.environ.get('PYTEST_XDIST_WORKER'):\n"
        "        with open(os.environ['POOL_PROBE'], 'a') as f:\n"
        "            f.write(str(sweep(session.config).run_config.pool is not None) + '\\n')\n")
    for dist, expected in (("loadgroup", "True"), ("load", "False")):
        out = lab.root / f"pool-{dist}"
        os.environ["POOL_PROBE"] = str(out)
        try:
            proc = lab.pytest("tests_tasks", "--all-tasks", "-p", "poolprobe", "--agent=oracle,nop", "-n", "1",
                              "--dist", dist, "-k", "no_such_test")
        finally:
            del os.environ["POOL_PROBE"]
        assert out.read_text().split() == [expected], proc.output


def test_bare_wrong_runs_each_wrong_solution_of_each_task(lab):
    """`--agent=oracle,nop,wrong`: each task's own wrong solutions, after its oracle and nop; a
    task without any runs the others; `--agent=wrong` alone skips it, saying why."""
    d = lab.task("task-a")
    for name in ("runtime-only", "hold-only"):
        (d / f"wrong-{name}.sh").write_text(f"#!/bin/bash\n# must fail req-1: {name}\ntrue\n")
    (d / "wrong-hold-only.rhel.sh").write_text("#!/bin/bash\n# must fail req-1: hold-only\ntrue\n")
    lab.task("task-b")
    proc = lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=oracle,nop,wrong")
    ids = [l.split("::", 1)[1] for l in proc.stdout.splitlines() if "::" in l]
    assert ids == ["test_task_a[debian12-oracle]", "test_task_a[debian12-nop]",
                   "test_task_a[debian12-wrong-hold-only]", "test_task_a[debian12-wrong-runtime-only]",
                   "test_task_b[debian12-oracle]", "test_task_b[debian12-nop]"], proc.output
    alone = lab.pytest("tests_tasks", "-q", "-rs", "--agent=wrong", "-k", "task_b")
    assert "task-b has no wrong solution (wrong-*.sh) yet" in alone.output, alone.output
    one = lab.pytest("tests_tasks", "--collect-only", "-q", "--agent=wrong:hold-only", "-k", "task_a")
    assert "test_task_a[debian12]" in one.stdout, one.output


@pytest.mark.parametrize("with_file", [True, False], ids=["non-empty", "empty"])
def test_resume_of_a_folder_that_is_not_a_sweep(lab, tmp_path, with_file):
    lab.task()
    folder = tmp_path / "not-a-sweep"
    folder.mkdir()
    if with_file:
        (folder / "notes.txt").write_text("mine\n")
    proc = lab.pytest("tests_tasks", "--all-tasks", "--agent=nop", "--resume", f"--sweep-dir={folder}")
    assert proc.returncode == 4, proc.output
    assert f"--resume: {folder} is not a sweep (no sweep.json)" in proc.output, proc.output
    assert proc.output.count(str(folder)) == 1, proc.output  # one error, not several
    assert sorted(p.name for p in folder.iterdir()) == (["notes.txt"] if with_file else [])


# -- OS not available here: skipped, with the command that makes it available ---------------

UNAVAILABLE = {"url": ("alma9", "python -m lab fetch {id}"),
               "build": ("debian11", "python -m lab build {id}"),
               "file": ("rhel98", "python -m lab import-image {id} <file>")}


@pytest.fixture(scope="module")
def unavailable_sweep(tmp_path_factory):
    lab = Lab(tmp_path_factory.mktemp("unavailable") / "root")
    oses = {source: _unavailable(source, prefer) for source, (prefer, _) in UNAVAILABLE.items()}
    for source, os_id in oses.items():
        lab.task(f"needs-{source}-image", oses=(os_id,))
    sweep = lab.root.parent / "sweep"
    proc = lab.pytest("tests_tasks", "--all-tasks", "--agent=nop", f"--os={','.join(oses.values())}",
                      f"--sweep-dir={sweep}", "--retries=0", "-rs")
    return lab, sweep, oses, proc


@pytest.mark.parametrize("source", list(UNAVAILABLE))
def test_os_not_available_is_skipped_with_the_fix(unavailable_sweep, source):
    lab, sweep, oses, proc = unavailable_sweep
    os_id, command = oses[source], UNAVAILABLE[source][1].format(id=oses[source])
    assert proc.returncode == 0, proc.output  # nothing failed or errored
    assert f"{len(UNAVAILABLE)} skipped" in proc.output and "passed" not in proc.output, proc.output
    reasons = [line for line in proc.output.splitlines()
               if line.startswith("SKIPPED") and f"{os_id} is not available on this host: " in line]
    assert len(reasons) == 1, proc.output
    assert f"`{command}`" in reasons[0], reasons[0]
    assert not (sweep / f"needs-{source}-image").exists()  # no run was started
    _no_vm_started(lab)


# -- no libvirt: one clear error, a pytest error (not a failure), not retried ---------------

def test_unreachable_libvirt_is_an_error_naming_the_uri_and_the_fix(lab, tmp_path):
    lab.task(oses=("debian12",))
    lab.fake_image("debian12")  # only so the run gets as far as libvirt
    uri = "qemu+unix:///system?socket=/nonexistent/libvirt-sock"
    inventory = tmp_path / "hosts.toml"
    inventory.write_text(textwrap.dedent(f"""\
        [[hosts]]
        name = "nolibvirt"
        uri = "{uri}"
        vcpus = 2
        memory_mib = 4096
        max_vms = 4
        """))
    sweep = tmp_path / "sweep"
    proc = lab.pytest("tests_tasks", "--all-tasks", "--agent=nop", "--os=debian12", f"--sweep-dir={sweep}",
                      f"--lab-hosts={inventory}", "--retries=0", "-rE")
    assert proc.returncode == 1, proc.output
    assert "1 error" in proc.output and "failed" not in proc.output, proc.output
    error = proc.output.split("ERROR at setup of test_demo_task[debian12]", 1)[1].split("-- opsbench --")[0]
    assert f"demo-task[debian12]: cannot reach libvirt at {uri}: " in error, proc.output
    assert "python -m lab up" in error and "lab/hosts.toml" in error, error
    assert "Traceback" not in error and "During handling" not in error and len(error.splitlines()) <= 3, error
    runs = list(sweep.glob("demo-task/debian12/*/run.json"))
    assert len(runs) == 1, runs  # one attempt: a bad URI is not retried as a flaky testbed
    run = json.loads(runs[0].read_text())
    validate("run", run, str(runs[0]))  # an errored run's record is still a valid one
    validate("sweep", json.loads((sweep / "sweep.json").read_text()))
    assert run["outcome"] == "error" and run["error"]["phase"] == "provision", run
    assert run["error"]["type"] == "configuration", run  # bad input: not retried, not the agent's fault
    assert f"cannot reach libvirt at {uri}" in run["error"]["message"]
    _no_vm_started(lab)


def test_the_report_page_is_titled_after_the_sweep(lab):
    lab.task("task-a")
    page = lab.root / "r.html"
    proc = lab.pytest("tests_tasks", "--collect-only", "-q", f"--html={page}",
                      "--self-contained-html")
    assert proc.returncode == 0, proc.output
    assert '<h1 id="title">opsbench sweep ' in page.read_text(), page.read_text()[:2000]


# -- the bare main command: the smoke set ------------------------------------------------------

def test_the_bare_main_command_runs_the_smoke_set_and_says_how_to_run_all(lab):
    """`pytest tests_tasks` (no -k, -m or task path) runs the tasks marked `smoke = true`;
    --all-tasks, -k, -m or a path choose otherwise. The OS is one this lab lacks, so every run
    is skipped before any VM: the selection alone is tested."""
    os_id = _unavailable("url", "alma9")
    for task_id, smoke in (("quick-one", True), ("slow-one", False), ("slow-two", False)):
        toml = VALID_TOML.format(id=task_id, category="single-node", oses=json.dumps([os_id]))
        lab.task(task_id, toml=toml.replace("oses =", "smoke = true\noses =") if smoke else toml)
    bare = lab.pytest("tests_tasks", "--agent=nop", "-rs")
    assert "1 skipped, 2 deselected" in bare.output, bare.output[-2000:]
    assert "opsbench: the smoke set" in bare.output and "--all-tasks" in bare.output
    every = lab.pytest("tests_tasks", "--agent=nop", "--all-tasks")
    assert "3 skipped" in every.output and "deselected" not in every.output
    chosen = lab.pytest("tests_tasks", "--agent=nop", "-k", "slow_two")
    assert "1 skipped, 2 deselected" in chosen.output and "the smoke set" not in chosen.output
    marked = lab.pytest("tests_tasks", "--agent=nop", "-m", "single_node")
    assert "3 skipped" in marked.output
    path = lab.pytest("tests_tasks/single-node/slow-one", "--agent=nop")
    assert "1 skipped" in path.output and "deselected" not in path.output
    _no_vm_started(lab)


def test_the_terminal_shows_runs_phases_without_q(lab, tmp_path):
    """The live display reads the runs' records: here a plugin writes one run's run.json as a run
    would (phases started and ended), and the sweep's terminal shows it; with -q it does not."""
    os_id = _unavailable("url", "alma9")
    lab.task("live-one", toml=VALID_TOML.format(id="live-one", category="single-node",
                                                oses=json.dumps([os_id])))
    (lab.root / "writer.py").write_text(
        "import json, pathlib\n"
        "def pytest_runtest_setup(item):\n"
        "    d = pathlib.Path(item.config.getoption('--sweep-dir')) / 'live-one' / 'debian12' / 'r1'\n"
        "    d.mkdir(parents=True, exist_ok=True)\n"
        "    (d / 'run.json').write_text(json.dumps({'task': 'live-one', 'category': 'single-node',\n"
        "        'os': 'debian12', 'agent': 'nop', 'trial': 1, 'started_at': '2026-12-07T10:00:00Z',\n"
        "        'finished_at': '2026-12-07T10:02:00Z', 'outcome': 'failed',\n"
        "        'phases': [{'name': 'prepare', 'duration_s': 3.0}, {'name': 'agent', 'duration_s': None}]}))\n")
    shown = lab.pytest("tests_tasks", "--all-tasks", "--agent=nop", "-p", "writer",
                       f"--sweep-dir={tmp_path / 's1'}")
    assert "live-one[debian12-nop] " in shown.output and "→ agent" in shown.output, shown.output[-2000:]
    assert "live-one[debian12-nop] failed in 2:00" in shown.output
    assert "sweep: 1/1 runs done" in shown.output
    quiet = lab.pytest("tests_tasks", "--all-tasks", "--agent=nop", "-p", "writer", "-q",
                       f"--sweep-dir={tmp_path / 's2'}")
    assert "→ agent" not in quiet.output
