import json
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib import etcd

NODES = ("node1", "node2", "node3")


def _ep(ctx, node):
    return f"http://{ctx.addr(node, 'priv')}:2379"


def _etcd_unit(host):
    res = host.run("pid=$(pgrep -xo etcd) && ps -o unit= -p $pid")
    unit = res.stdout.strip()
    node = host.backend.hostname
    assert res.rc == 0 and unit and unit != "-", f"no etcd process under a systemd unit on {node}"
    # a process started from a shell lives in the login session's scope: stopping that scope would
    # end the session, and nothing would start etcd again
    assert unit.endswith(".service"), f"etcd on {node} runs in {unit}, not as a service: nothing would start it again"
    return unit


@baseline
def stock_etcd_runs(hosts):
    for n, host in hosts.items():
        res = etcd.etcdctl(host, "http://127.0.0.1:2379", "endpoint health")
        assert res.rc == 0, f"stock etcd is not running on {n}"


@requirement("req-1")
def one_cluster_three_members(ctx, hosts):
    clusters = set()
    for n, host in hosts.items():
        etcd.wait_healthy(host, _ep(ctx, n), seconds=90)
        res = etcd.etcdctl(host, _ep(ctx, n), "-w json member list")
        assert res.rc == 0, f"member list through {n}'s private endpoint failed: {res.stderr.strip()[-300:]}"
        data = json.loads(res.stdout)
        clusters.add(data["header"]["cluster_id"])
        members = data.get("members", [])
        names = sorted(m.get("name", "") for m in members)
        assert names == list(NODES), f"{n} reports members {names}, expected node1, node2, node3 (all started)"
        for m in members:
            want = f"http://{ctx.addr(m['name'], 'priv')}:2380"
            assert want in m.get("peerURLs", []), f"member {m['name']} peers on {m.get('peerURLs')}, not {want}"
    assert len(clusters) == 1, "the three nodes report different cluster ids: they are not one cluster"


@requirement("req-2")
def replicated_reads(ctx, hosts):
    for writer, readers in (("node1", ("node2", "node3")), ("node3", ("node1", "node2"))):
        key, value = f"/opsbench/check/{uuid.uuid4().hex}", uuid.uuid4().hex
        res = etcd.etcdctl(hosts[writer], _ep(ctx, writer), f"put {key} {value}")
        assert res.rc == 0, f"write through {writer}'s private endpoint failed: {res.stderr.strip()[-300:]}"
        for reader in readers:
            # read from a third machine's point of view: over the private network
            via = next(n for n in NODES if n != reader)
            res = etcd.etcdctl(hosts[via], _ep(ctx, reader), f"get --print-value-only {key}")
            assert res.rc == 0 and res.stdout.strip() == value, \
                f"key written through {writer} not read back through {reader} (from {via}): {(res.stderr or res.stdout).strip()[-300:]}"


@requirement("req-3")
def survives_member_restart(ctx, node1, node2):
    unit = _etcd_unit(node2)
    stop = ctx.run("node2", f"systemctl stop {unit}", timeout=120)
    assert stop.exit_code == 0, f"could not stop {unit} on node2"
    try:
        key, value = f"/opsbench/restart/{uuid.uuid4().hex}", uuid.uuid4().hex
        time.sleep(3)
        res = etcd.etcdctl(node1, _ep(ctx, "node1"), f"put {key} {value}")
        assert res.rc == 0, f"with node2 down, a write through node1 failed: {res.stderr.strip()[-300:]}"
    finally:
        ctx.run("node2", f"systemctl start {unit}", timeout=240)
    etcd.wait_healthy(node2, _ep(ctx, "node2"), seconds=180)
    # serializable read: answered from node2's own copy of the data
    deadline = time.time() + 60
    while True:
        res = etcd.etcdctl(node2, _ep(ctx, "node2"), f"get --consistency=s --print-value-only {key}")
        if res.rc == 0 and res.stdout.strip() == value:
            break
        assert time.time() < deadline, "node2 came back without the write made while it was down"
        time.sleep(3)
    res = etcd.etcdctl(node1, ",".join(_ep(ctx, n) for n in NODES), "endpoint health")
    assert res.rc == 0, f"after node2's restart not every member is healthy: {(res.stderr or res.stdout).strip()[-300:]}"


@requirement("req-4")
def not_on_management(ctx):
    open_ = [f"{n}:{p}" for n in NODES for p in (2379, 2380) if ctx.reachable(n, p)]
    assert not open_, f"etcd answers on management addresses: {', '.join(open_)}"


@requirement("req-5")
def loopback_endpoint(ctx, hosts):
    for n, host in hosts.items():
        deadline = time.time() + 90
        while True:
            loop = etcd.etcdctl(host, "http://127.0.0.1:2379", "-w json member list")
            if loop.rc == 0:
                break
            assert time.time() < deadline, \
                f"etcd does not answer clients on {n}'s loopback address: {(loop.stderr or loop.stdout).strip()[-300:]}"
            time.sleep(5)
        data = json.loads(loop.stdout)
        names = sorted(m.get("name", "") for m in data.get("members", []))
        assert names == list(NODES), f"{n}'s loopback endpoint reports members {names}, not the cluster's node1, node2, node3"
        priv = etcd.etcdctl(host, _ep(ctx, n), "-w json member list")
        assert priv.rc == 0, f"member list through {n}'s private endpoint failed: {priv.stderr.strip()[-300:]}"
        assert json.loads(priv.stdout)["header"]["cluster_id"] == data["header"]["cluster_id"], \
            f"{n}'s loopback and private endpoints belong to different clusters"
