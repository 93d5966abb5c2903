"""The suite end to end on real VMs, as users run it: `pytest tests_tasks …` in a subprocess.

The three proof tasks pass with the oracle and fail with the nop agent, both in one sweep
(`--agent=oracle,nop`: nop starts from the oracle's checkpointed prepared machines) and with nop
alone under xdist; `--resume` skips finished runs; replayed from our own record format one after
another from one prepared checkpoint, a runtime-only firewall passes until the reboot, and agents
that firewall SSH off, remove the lab's key, break the boot or power their node off fail and are
not retried; and `python -m verifier reverify` re-judges the oracle's recorded sweep."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lab import owner as owners, virt
from tests.support.lab_names import lab_names
from tests.support.messages_api import MessagesAPIServer
from tests.verifier.scripted import judge_all
from records import RunPaths, read_json, validate as validate_record
from verifier import validate_record as validate

pytestmark = pytest.mark.vm
ROOT = Path(__file__).resolve().parents[2]
TASKS = {"disk-full-recovery", "host-firewall-baseline", "private-app-access"}
NOP_FAILS = {"disk-full-recovery": ["req-1", "req-3"], "host-firewall-baseline": ["req-2", "req-3"],
             "private-app-access": ["req-1"]}


PROOF = "-k", "disk_full or host_firewall or private_app"  # the smoke subset of the library


def sweep(sweep_dir: Path, *args: str, env: dict | None = None,
          quiet: bool = True) -> subprocess.CompletedProcess:
    select = () if "-k" in args else PROOF
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "--os=debian12", f"--sweep-dir={sweep_dir}",
           *(["-q"] if quiet else []), "-p", "no:cacheprovider", *select, *args]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=2400,
                          env=os.environ | (env or {}))


def runs(sweep_dir: Path, agent: str | None = None) -> dict[str, dict]:
    found = {}
    for path in sweep_dir.glob("*/debian12/*/run.json"):
        run = json.loads(path.read_text())
        validate_run_folder(path.parent)  # every record file of a real run matches its type
        if agent and run["agent"] != agent:
            continue
        assert run["task"] not in found, f"two runs of {run['task']} in {sweep_dir}"
        found[run["task"]] = run | {"dir": path.parent}
    return found


def validate_run_folder(run_dir: Path) -> None:
    paths = RunPaths(run_dir)
    validate_record("run", read_json(paths.run), str(paths.run))
    if paths.checks.exists():
        validate_record("checks", read_json(paths.checks), str(paths.checks))
    if paths.report.exists():
        validate_record("agent-report", read_json(paths.report), str(paths.report))
    for line in paths.commands.read_text().splitlines():
        validate_record("command", json.loads(line), str(paths.commands))


def checks(run: dict) -> dict[str, dict[str, str]]:
    """{phase: {requirement id: status}}"""
    data = json.loads((run["dir"] / "verifier" / "checks.json").read_text())
    return {phase: {r["id"]: r["status"] for r in results} for phase, results in data.items()}


@pytest.fixture(scope="module")
def oracle_sweep(tmp_path_factory) -> Path:
    """One sweep, three agents, on two xdist workers: the oracle's runs prepare; the nop runs
    and one wrong solution start from their checkpoints, on the same worker (`--dist loadgroup`)."""
    out = tmp_path_factory.mktemp("oracle")
    res = sweep(out, "--agent=oracle,nop,wrong", "-n", "2", "--dist", "loadgroup",
                "-k", "(disk_full or host_firewall or private_app) and (oracle or nop or runtime)")
    assert res.returncode == 1, res.stdout[-3000:] + res.stderr[-3000:]  # nop fails, as it must
    assert "4 failed, 3 passed" in res.stdout, res.stdout[-3000:]
    return out


def test_oracle_passes_every_proof_task(oracle_sweep):
    found = runs(oracle_sweep, "oracle")
    assert set(found) == TASKS
    for task, run in found.items():
        assert run["outcome"] == "passed", (task, run.get("failed_requirements"), run.get("error"))
        for phase in ("pre_prepare", "post_prepare", "post_agent"):
            snap = json.loads((run["dir"] / "snapshots" / f"{phase}.json").read_text())
            assert all(n["ok"] for n in snap["nodes"].values()), (task, phase)
        phases = {json.loads(l)["phase"] for l in (run["dir"] / "commands.jsonl").read_text().splitlines()}
        assert {"prepare", "agent", "checks:post_agent", "snapshot:post_agent"} <= phases, task
    fw = found["host-firewall-baseline"]
    assert set(checks(fw)) == {"post_agent", "post_reboot"}
    assert set(checks(fw)["post_reboot"].values()) == {"satisfied"}
    topo = json.loads((found["private-app-access"]["dir"] / "topology.json").read_text())
    assert [n["name"] for n in topo["nodes"]] == ["node1", "node2"]
    assert (oracle_sweep / "report.html").exists() and (oracle_sweep / "summary.md").exists()
    assert (oracle_sweep / "data" / "runs.parquet").exists()


def test_nop_after_the_oracle_starts_from_the_prepared_checkpoint(oracle_sweep):
    """nop fails exactly as on fresh machines, so the revert undid everything the oracle (and
    its reboot) did; and it never provisioned or prepared."""
    oracle, nop = runs(oracle_sweep, "oracle"), runs(oracle_sweep, "nop")
    assert {t: (r["outcome"], sorted(r["failed_requirements"])) for t, r in nop.items()} == \
        {t: ("failed", reqs) for t, reqs in NOP_FAILS.items()}
    for task, run in nop.items():
        names = [p["name"] for p in run["phases"]]
        assert names[:2] == ["restore", "baseline"] and not {"lease", "provision", "prepare"} & set(names), \
            (task, names)
        assert run["prepared_in"] == str(oracle[task]["dir"]), task
        assert "checkpoint" in [p["name"] for p in oracle[task]["phases"]], task
        assert (run["dir"] / "snapshots" / "post_prepare.json").exists(), task
        assert (run["dir"] / "topology.json").read_text() == (oracle[task]["dir"] / "topology.json").read_text()
        phases = {json.loads(l)["phase"] for l in (run["dir"] / "commands.jsonl").read_text().splitlines()}
        assert "prepare" not in phases and "checks:post_agent" in phases, (task, phases)


def test_a_wrong_solution_is_caught_on_the_requirements_it_names(oracle_sweep):
    """host-firewall-baseline's wrong-runtime-only loads its rules with `nft -f` and never saves
    them: it passes until the reboot, then fails req-2 and req-3 (its header says so)."""
    wrong = runs(oracle_sweep, "wrong:runtime-only")["host-firewall-baseline"]
    assert wrong["outcome"] == "failed" and {"req-2", "req-3"} <= set(wrong["failed_requirements"])
    assert wrong["agent_status"] == "completed"
    assert wrong["prepared_in"] == str(runs(oracle_sweep, "oracle")["host-firewall-baseline"]["dir"])
    assert set(checks(wrong)["post_agent"].values()) == {"satisfied"}  # right until the reboot
    assert checks(wrong)["post_reboot"]["req-3"] == "not_satisfied"


def test_nop_fails_every_task_under_xdist_and_resume_skips_finished_runs(tmp_path):
    out = tmp_path / "nop"
    res = sweep(out, "--agent=nop", "-n", "2", quiet=False)
    assert res.returncode == 1, res.stdout[-3000:] + res.stderr[-3000:]
    # the controller showed every run's phases live, and the sweep's estimate
    for task in NOP_FAILS:
        assert f"{task}[debian12-nop] " in res.stdout and "→ prepare" in res.stdout, res.stdout[-3000:]
    assert "sweep: 3/3 runs done" in res.stdout
    found = runs(out)
    assert {t: (r["outcome"], sorted(r["failed_requirements"])) for t, r in found.items()} == \
        {t: ("failed", reqs) for t, reqs in NOP_FAILS.items()}
    assert len(list(out.glob("*/*/*/run.json"))) == 3, "xdist workers must share one sweep"
    stamps = {t: r["finished_at"] for t, r in found.items()}
    again = sweep(out, "--agent=nop", "--resume")
    assert again.returncode == 1, again.stdout[-3000:]
    assert {t: r["finished_at"] for t, r in runs(out).items()} == stamps, "--resume re-ran a finished run"


RUNTIME_ONLY = [  # nftables rules loaded at runtime and never saved: gone after a reboot
    "sudo nft add table inet filter",
    "sudo nft add chain inet filter input '{ type filter hook input priority 0; policy accept; }'",
    "sudo nft add rule inet filter input ct state established,related accept",
    "sudo nft add rule inet filter input iif lo accept",
    "sudo nft add rule inet filter input tcp dport '{ 22, 8080 }' accept",
    "sudo nft add chain inet filter input '{ policy drop; }'",
]
LOCKOUT = [  # policy drop before established connections are accepted: the session dies
    "sudo nft add table inet filter",
    "sudo nft add chain inet filter input '{ type filter hook input priority 0; policy drop; }'",
    "sudo nft add rule inet filter input tcp dport '{ 22, 8080 }' accept",
]


def replay_log(folder: Path, commands: list[str]) -> Path:
    """Our own record format (commands.jsonl, agent phase) for the replay agent."""
    folder.mkdir()
    (folder / "commands.jsonl").write_text("".join(
        json.dumps({"id": f"c{i:04d}", "seq": i, "phase": "agent", "source": "agent", "node": "node1",
                    "user": "admin", "command": c, "timeout_s": 60}) + "\n" for i, c in enumerate(commands, 1)))
    return folder


# the lab's key taken out of root's authorized_keys: the open session goes on, and the harness's
# own persistence reboot finds an sshd that answers and refuses the lab
KEY_REMOVED = ["sudo sh -c ': > /root/.ssh/authorized_keys'"]
# an fstab entry for a disk that does not exist, without nofail: the next boot stops in emergency mode
DEAD_END = ["echo '/dev/disk/by-label/ob-missing /mnt/ob-missing ext4 defaults,x-systemd.device-timeout=5s 0 2'"
            " | sudo tee -a /etc/fstab", "sudo mkdir -p /mnt/ob-missing"]
# the study's agents end with `nohup sh -c 'sleep 2; reboot' &`: the node goes down just after
# the agent's last command
REBOOT_LEFT_BEHIND = ["nohup sh -c 'sleep 2; sudo systemctl reboot' > /tmp/reboot.log 2>&1 & disown",
                      "echo scheduled"]
REPLAYED = {  # in this order, each as the agent of host-firewall-baseline
    "runtime-only": RUNTIME_ONLY,
    "lockout": LOCKOUT,
    "key-removed": KEY_REMOVED,
    "fstab-dead-end": DEAD_END,
    "reboot-left-behind": REBOOT_LEFT_BEHIND,
    "reboot-into-emergency": DEAD_END + ["nohup sh -c 'sleep 2; sudo systemctl reboot' >/dev/null 2>&1 & disown"],
    "poweroff": ["echo going down", "sudo poweroff"],  # last: it takes the checkpoint with it
}


@pytest.fixture(scope="module")
def replayed_sweep(tmp_path_factory) -> dict[str, list[dict]]:
    """One sweep of host-firewall-baseline, retries allowed: each replay in turn from one prepared
    checkpoint, then nop. {name: its runs} (nop's under "nop"); a run retried as an
    infrastructure error would show as a second run."""
    root = tmp_path_factory.mktemp("replayed")
    logs = {name: replay_log(root / name, commands) for name, commands in REPLAYED.items()}
    out = root / "sweep"
    agents = ",".join(f"replay:{log}" for log in logs.values()) + ",nop"
    res = sweep(out, "-k", "host_firewall_baseline", f"--agent={agents}", "--retries=2")
    assert res.returncode == 1 and f"{len(REPLAYED) + 1} failed" in res.stdout, res.stdout[-3000:]
    by_agent: dict[str, list[dict]] = {}
    for path in out.glob("*/debian12/*/run.json"):
        validate_run_folder(path.parent)
        run = json.loads(path.read_text()) | {"dir": path.parent}
        by_agent.setdefault(run["agent"], []).append(run)
    return {name: by_agent.get(f"replay:{log}", []) for name, log in logs.items()} | {"nop": by_agent.get("nop", [])}


def scored_once(runs_of_agent: list[dict]) -> dict:
    """The agent's failure, scored once: never an infrastructure error, never retried."""
    assert len(runs_of_agent) == 1, f"the agent's doing was retried as an infrastructure error: {runs_of_agent}"
    run = runs_of_agent[0]
    assert run["outcome"] == "failed" and run["error"] is None, (run["outcome"], run["error"])
    return run


def test_runtime_only_firewall_passes_until_the_reboot(replayed_sweep):
    run = scored_once(replayed_sweep["runtime-only"])
    assert sorted(run["failed_requirements"]) == ["req-2", "req-3"]
    by_phase = checks(run)
    assert set(by_phase["post_agent"].values()) == {"satisfied"}
    assert by_phase["post_reboot"]["req-2"] == "not_satisfied"
    replayed = [json.loads(l) for l in (run["dir"] / "commands.jsonl").read_text().splitlines()
                if json.loads(l)["phase"] == "agent"]
    assert [c["command"] for c in replayed] == RUNTIME_ONLY
    assert all(c["timeout_s"] == 60 and c["exit_code"] == 0 for c in replayed)
    analysis = json.loads((run["dir"] / "analysis.json").read_text())
    assert analysis["firewall"]["verdict"] == "lost", analysis["firewall"]
    assert analysis["illusion"]["lost_on_reboot"] is True


def test_an_agent_that_firewalls_ssh_off_fails_and_is_not_retried(replayed_sweep):
    run = scored_once(replayed_sweep["lockout"])
    assert "drops tcp/22" in run["agent_lockout"]["nodes"]["node1"]
    assert set(checks(run)["post_agent"].values()) == {"not_satisfied"}


def test_an_agent_that_removes_the_labs_key_fails_at_the_reboot_and_is_not_retried(replayed_sweep):
    run = scored_once(replayed_sweep["key-removed"])
    lockout = run["agent_lockout"]
    assert lockout["phase"] == "post_reboot" and "refuses the lab's key" in lockout["nodes"]["node1"], lockout
    assert set(checks(run)["post_reboot"].values()) == {"not_satisfied"}


def test_an_agent_whose_fstab_stops_the_boot_fails_and_is_not_retried(replayed_sweep):
    run = scored_once(replayed_sweep["fstab-dead-end"])
    assert run["boot_dead_end"]["node"] == "node1"
    assert "emergency mode" in run["boot_dead_end"]["console"]
    assert "ob-missing" in run["boot_dead_end"]["console"]       # the unit that stopped it
    reboot = [p for p in run["phases"] if p["name"] == "reboot"]
    assert reboot and reboot[0]["ok"] is False and reboot[0]["duration_s"] < 300
    assert set(checks(run)["post_reboot"].values()) == {"not_satisfied"}


def test_a_reboot_the_agent_leaves_behind_is_over_before_anything_is_judged(replayed_sweep):
    """The run is scored (here failed: nothing was fixed), never an infrastructure error, and
    the post_agent snapshot is of the rebooted node."""
    run = scored_once(replayed_sweep["reboot-left-behind"])
    assert run["rebooted_by_agent"] == ["node1"]
    boot = {phase: json.loads((run["dir"] / "snapshots" / f"{phase}.json").read_text())
            ["nodes"]["node1"]["boot_id"] for phase in ("post_prepare", "post_agent")}
    assert boot["post_prepare"] != boot["post_agent"]
    assert [p["name"] for p in run["phases"]].index("settle") < \
        [p["name"] for p in run["phases"]].index("snapshot:post_agent")


def test_an_agent_that_reboots_its_node_into_emergency_mode_fails_and_is_not_retried(replayed_sweep):
    """The agent breaks fstab and reboots the node itself, as the study's agents do at the end:
    the dead end is seen while the harness waits for that reboot to settle."""
    run = scored_once(replayed_sweep["reboot-into-emergency"])
    assert run["boot_dead_end"]["node"] == "node1" and run["boot_dead_end"]["phase"] == "post_agent"
    assert "emergency mode" in run["boot_dead_end"]["console"]
    assert set(checks(run)["post_agent"].values()) == {"not_satisfied"}


def test_an_agent_that_powers_its_node_off_fails_and_is_not_retried(replayed_sweep):
    run = scored_once(replayed_sweep["poweroff"])
    assert run["node_down"] == {"node": "node1", "state": "powered off", "phase": "post_agent"}
    assert set(checks(run)["post_agent"].values()) == {"not_satisfied"}


def test_the_run_after_a_powered_off_node_prepares_anew_without_an_error(replayed_sweep):
    """The powered-off node took its checkpoint with it, so the nop run after it provisions and
    prepares again instead of failing to revert (an error, a retry); the runs before it all
    started from the first run's checkpoint."""
    nop = scored_once(replayed_sweep["nop"])
    assert "prepare" in [p["name"] for p in nop["phases"]] and not nop.get("prepared_in")
    first = replayed_sweep["runtime-only"][0]
    for name in list(REPLAYED)[1:]:
        assert replayed_sweep[name][0].get("prepared_in") == str(first["dir"]), name


@pytest.mark.parametrize("xdist", [(), ("-n", "1")], ids=["one-process", "xdist"])
def test_a_sweep_stopped_with_sigterm_destroys_its_cluster_and_records_the_interruption(tmp_path, xdist):
    """`kill`, `timeout` and CI runners stop a sweep with SIGTERM, here mid-agent: nothing may
    outlive the run. Under xdist the signal reaches the controller alone, which passes it on."""
    log = replay_log(tmp_path / "slow", ["echo agent-started", "sleep 600"])
    out = tmp_path / "sweep"
    cmd = [sys.executable, "-m", "pytest", "tests_tasks", "--os=debian12", f"--sweep-dir={out}", "-q",
           "-p", "no:cacheprovider", "-k", "host_firewall_baseline", f"--agent=replay:{log}", *xdist]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline, key = time.monotonic() + 1500, None
        while time.monotonic() < deadline and proc.poll() is None:
            key = key or next((k for k, o in owners.read_all().items() if o.sweep == str(out)), None)
            if key and any("agent-started" in p.read_text() for p in out.glob("*/*/*/commands.jsonl")):
                break
            time.sleep(2)
        assert key and proc.poll() is None, "the sweep never reached its agent phase"
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 2, output[-3000:]  # pytest's "interrupted", not killed by the signal
    assert lab_names(virt.connect(), key) == [], "the stopped sweep left its cluster behind"
    assert key not in owners.read_all()
    run = runs(out)["host-firewall-baseline"]
    assert run["outcome"] == "error" and run["error"]["type"] == "interrupted" and run["error"]["phase"] == "agent"
    assert [p["name"] for p in run["phases"]][-1] == "destroy"


def test_reverify_rejudges_the_oracle_sweep(oracle_sweep):
    # the scripted verifier model disagrees with the checks on req-2, everywhere
    status = {"req-2": "not_satisfied"}
    with MessagesAPIServer(judge_all(lambda rid: status.get(rid, "satisfied"))) as api:
        res = subprocess.run([sys.executable, "-m", "verifier", "reverify", str(oracle_sweep),
                              "--model", "claude-test-verifier"], cwd=ROOT, capture_output=True, text=True,
                             timeout=600, env=os.environ | {"ANTHROPIC_API_KEY": "sk-ant-test-0123456789",
                                                            "ANTHROPIC_BASE_URL": api.base_url})
    assert res.returncode == 0, res.stderr[-3000:]
    assert len(api.requests) >= len(TASKS)
    assert "LLM vs checks, per requirement" in res.stdout
    for task in TASKS:
        assert f"{task}/req-2" in res.stdout, f"no disagreement listed for {task}"
    for task, run in runs(oracle_sweep, "oracle").items():
        reports = sorted((run["dir"] / "verifier").glob("evaluation-report.v*.json"))
        assert reports, f"{task}: reverify wrote no new evaluation"
        validate("evaluation-report", json.loads(reports[-1].read_text()))
    assert "sk-ant-test-0123456789" not in "".join(
        p.read_text(errors="replace") for p in oracle_sweep.rglob("*") if p.is_file() and p.suffix in
        (".json", ".jsonl", ".md", ".html"))


def test_trials_share_one_prepare_resume_and_compare(tmp_path):
    """`--trials 2` with oracle and nop: four runs of one task from one provision and prepare,
    each recorded with its trial; `--resume` finds all four finished; `python -m reports
    compare --by agent` puts the two agents side by side on the two trials."""
    out = tmp_path / "sweep"
    args = ("-k", "account_resource_limits", "--agent=oracle,nop", "--trials=2")
    res = sweep(out, *args)
    assert res.returncode == 1 and "2 failed, 2 passed" in res.stdout, res.stdout[-3000:]
    found = [json.loads(p.read_text()) for p in out.glob("*/debian12/*/run.json")]
    assert sorted((r["agent"], r["trial"], r["outcome"]) for r in found) == [
        ("nop", 1, "failed"), ("nop", 2, "failed"), ("oracle", 1, "passed"), ("oracle", 2, "passed")]
    assert sum(1 for r in found if r.get("prepared_in")) == 3  # one prepare for four runs
    again = sweep(out, *args, "--resume")
    assert "2 failed, 2 passed" in again.stdout, again.stdout[-2000:]
    assert len(list(out.glob("*/debian12/*/run.json"))) == 4  # nothing ran again
    cmp = subprocess.run([sys.executable, "-m", "reports", "compare", str(out), "--by", "agent",
                          "--out", str(tmp_path / "cmp")], cwd=ROOT, capture_output=True, text=True)
    assert cmp.returncode == 0, cmp.stderr
    md = (tmp_path / "cmp" / "compare.md").read_text()
    assert "| nop | 0.0% [0.0, 65.8] (0/2) |" in md and "| oracle | 100.0% [34.2, 100.0] (2/2) |" in md
    assert "| nop | oracle | 2 | 0 | 2 |" in md
