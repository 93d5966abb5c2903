import base64
import hashlib
import json
import time
import uuid

from fixtures.checks import baseline, requirement
from tasklib import etcd

NODES = ("node1", "node2", "node3")
FIXED = {"/config/db/host": "db1.internal", "/config/db/port": "5432", "/config/db/pool_size": "40",
         "/config/cache/ttl_seconds": "300", "/config/features/new_checkout": "enabled"}
TENANTS = {f"/config/tenants/t{i:02d}": f"plan=standard;shard={i % 4}" for i in range(1, 41)}
TOKEN = "config-etcd"               # ETCD_INITIAL_CLUSTER_TOKEN of prepare.sh


def bootstrap_member_id(peer_urls: list[str], token: str = TOKEN) -> int:
    """The ID etcd gives a member it bootstraps: the first 8 bytes of sha1(sorted peer URLs +
    cluster token). A member added with `member add` hashes the time as well, so it differs."""
    digest = hashlib.sha1(("".join(sorted(peer_urls)) + token).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _ep(ctx, node):
    return f"http://{ctx.addr(node, 'priv')}:2379"


def _wait_healthy(ctx, host):
    etcd.wait_healthy(host, _ep(ctx, host.backend.hostname), seconds=150)


def _read_prefix(host, endpoint, serializable):
    cons = "--consistency=s " if serializable else ""
    res = etcd.etcdctl(host, endpoint, f"get {cons}--prefix /config/ -w json")
    assert res.rc == 0, f"reading /config/ through {endpoint} failed: {res.stderr.strip()[-300:]}"
    kvs = json.loads(res.stdout).get("kvs", [])
    return {base64.b64decode(kv["key"]).decode(): base64.b64decode(kv.get("value", "")).decode() for kv in kvs}


@baseline
def node3_lost(ctx, node1):
    two = f"{_ep(ctx, 'node1')},{_ep(ctx, 'node2')}"
    res = etcd.etcdctl(node1, two, "endpoint health")
    assert res.rc == 0, "node1 and node2 are not healthy"
    res = etcd.etcdctl(node1, _ep(ctx, "node3"), "endpoint health")
    assert res.rc != 0, "node3's member still answers"
    assert len(_read_prefix(node1, _ep(ctx, "node1"), False)) == len(FIXED) + len(TENANTS), \
        "the configuration data was not written"


@requirement("req-1")
def three_started_members(ctx, node1):
    _wait_healthy(ctx, node1)
    res = etcd.etcdctl(node1, _ep(ctx, "node1"), "-w json member list")
    assert res.rc == 0, f"member list failed: {res.stderr.strip()[-300:]}"
    members = json.loads(res.stdout).get("members", [])
    names = sorted(m.get("name", "") for m in members)
    assert len(members) == 3, f"the cluster has {len(members)} members ({names}), not 3"
    assert names == list(NODES), f"members are {names}: one is not started or misnamed"
    for m in members:
        want = f"http://{ctx.addr(m['name'], 'priv')}:2380"
        assert want in m.get("peerURLs", []), f"member {m['name']} peers on {m.get('peerURLs')}, not {want}"
        assert not m.get("isLearner"), f"member {m['name']} is still a learner"
    # node3 restarted on an empty data directory comes back as its dead member (same ID) and
    # is handed a snapshot, but it has forgotten the raft log it acknowledged: etcd's runtime
    # reconfiguration guide says to remove such a member and add it anew.
    node3 = next(m for m in members if m["name"] == "node3")
    assert node3["ID"] != bootstrap_member_id([f"http://{ctx.addr('node3', 'priv')}:2380"]), \
        "node3 rejoined as its dead member (same member ID) on an empty data directory; the dead member is still registered"


@requirement("req-2")
def all_healthy_one_leader(ctx, node1, node2, node3):
    for host in (node1, node2, node3):
        _wait_healthy(ctx, host)
    eps = ",".join(_ep(ctx, n) for n in NODES)
    res = etcd.etcdctl(node2, eps, "endpoint status -w json")
    assert res.rc == 0, f"endpoint status failed: {(res.stderr or res.stdout).strip()[-300:]}"
    status = json.loads(res.stdout)
    leaders = {s["Status"]["leader"] for s in status}
    clusters = {s["Status"]["header"]["cluster_id"] for s in status}
    assert len(status) == 3, "not every endpoint answered endpoint status"
    assert len(clusters) == 1, "the endpoints belong to different clusters"
    assert len(leaders) == 1 and 0 not in leaders, f"the members disagree on the leader: {leaders}"


@requirement("req-3")
def data_preserved(ctx, node2, node3):
    want = dict(FIXED, **TENANTS)
    got = _read_prefix(node2, _ep(ctx, "node1"), False)
    missing = sorted(k for k in want if got.get(k) != want[k])
    assert not missing, f"configuration data lost or changed: {missing[:5]}{' …' if len(missing) > 5 else ''}"
    _wait_healthy(ctx, node3)
    deadline = time.time() + 60
    while True:
        local = _read_prefix(node3, _ep(ctx, "node3"), True)
        missing = sorted(k for k in want if local.get(k) != want[k])
        if not missing:
            return
        assert time.time() < deadline, f"node3's own copy lacks {len(missing)} keys, e.g. {missing[:3]}"
        time.sleep(5)


@requirement("req-4")
def node3_takes_writes(ctx, node2, node3):
    _wait_healthy(ctx, node3)
    key, value = f"/opsbench/check/{uuid.uuid4().hex}", uuid.uuid4().hex
    res = etcd.etcdctl(node2, _ep(ctx, "node3"), f"put {key} {value}")
    assert res.rc == 0, f"a write through node3 failed: {(res.stderr or res.stdout).strip()[-300:]}"
    res = etcd.etcdctl(node2, _ep(ctx, "node1"), f"get --print-value-only {key}")
    assert res.rc == 0 and res.stdout.strip() == value, "a key written through node3 is not read through node1"
