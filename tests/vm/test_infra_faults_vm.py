"""Failing infrastructure on real VMs (slow: `--slow`, or benchmarks/bench_faults.py): the node's
qemu killed mid-agent, libvirtd restarted mid-run, the sweep killed -9 (then `lab gc` and
`--resume`), an xdist worker killed -9. Each run is finished in the end, scored as the agent's
(the task is never done), the fault recorded as an infrastructure error where a run saw it, and
nothing is left in libvirt."""
from __future__ import annotations

import pytest

from tests.support.faults import FAULTS, run_fault

pytestmark = [pytest.mark.vm, pytest.mark.slow]


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_the_run_survives_the_fault(tmp_path, fault) -> None:
    o = run_fault(tmp_path, fault)
    assert o.as_deserved, o
    if fault.name == "qemu-killed":  # seen by the run: an infrastructure error, then a retry
        assert len(o.runs) == 2 and o.errors, o
    if fault.resume:  # the killed sweep's cluster was left for gc, and --resume finished the run
        assert o.collected, o
