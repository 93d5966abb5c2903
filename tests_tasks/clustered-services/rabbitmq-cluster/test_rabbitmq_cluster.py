import ipaddress
import json
import time
import uuid

from fixtures.checks import baseline, requirement

NODES = ("node1", "node2", "node3")
MEMBERS = sorted(f"rabbit@{n}" for n in NODES)
COOKIE = "Q7XR2KMD4VZ8OPSBENCH"

PUBLISH = """python3 - <<'PY'
import pika
c = pika.BlockingConnection(pika.ConnectionParameters('127.0.0.1', connection_attempts=3, retry_delay=2))
ch = c.channel()
ch.queue_declare(queue='{q}', durable=True)
ch.basic_publish(exchange='', routing_key='{q}', body=b'{body}',
                 properties=pika.BasicProperties(delivery_mode=2))
c.close()
PY"""

CONSUME = """python3 - <<'PY'
import time, pika
c = pika.BlockingConnection(pika.ConnectionParameters('127.0.0.1', connection_attempts=3, retry_delay=2))
ch = c.channel()
for _ in range(20):
    method, props, body = ch.basic_get('{q}', True)  # auto_ack (pika >= 1), no_ack (pika 0.11, Debian 11)
    if method:
        print(body.decode())
        break
    time.sleep(1)
ch.queue_delete(queue='{q}')
c.close()
PY"""


def _status(ctx, node):
    res = ctx.run(node, "rabbitmqctl cluster_status --formatter json", timeout=180)
    assert res.exit_code == 0, f"rabbitmqctl cluster_status fails on {node}: {(res.stderr or res.stdout).strip()[-300:]}"
    return json.loads(res.stdout)


@baseline
def brokers_run(ctx):
    for n in NODES:
        res = ctx.run(n, "rabbitmqctl status >/dev/null", timeout=180)
        assert res.exit_code == 0, f"the stock broker is not running on {n}"


@requirement("req-1")
def one_cluster(ctx):
    for n in NODES:
        st = _status(ctx, n)
        disc = sorted(st.get("disk_nodes", []))
        running = sorted(st.get("running_nodes", []))
        assert disc == MEMBERS, f"{n}: the cluster's disc nodes are {disc}, expected {MEMBERS}"
        assert running == MEMBERS, f"{n}: running nodes are {running}, expected {MEMBERS}"


@requirement("req-2")
def agreed_cookie(ctx):
    for src in NODES:
        for dst in NODES:
            if src == dst:
                continue
            res = ctx.run(src, f"rabbitmqctl --erlang-cookie {COOKIE} -n rabbit@{dst} ping", timeout=120)
            assert res.exit_code == 0, \
                f"from {src}, rabbit@{dst} refuses the agreed cookie: {(res.stderr or res.stdout).strip()[-300:]}"


@requirement("req-3")
def message_crosses_nodes(ctx):
    for pub, con in (("node1", "node2"), ("node3", "node1")):
        q, body = f"opsbench-check-{uuid.uuid4().hex[:10]}", uuid.uuid4().hex
        res = ctx.run(pub, PUBLISH.format(q=q, body=body), timeout=120)
        assert res.exit_code == 0, f"publishing through {pub} failed: {res.stderr.strip()[-400:]}"
        res = ctx.run(con, CONSUME.format(q=q), timeout=120)
        assert res.exit_code == 0, f"consuming through {con} failed: {res.stderr.strip()[-400:]}"
        assert res.stdout.strip() == body, f"a message published through {pub} was not consumed through {con}"


def _peer_addresses(host):
    peers = set()
    for line in host.check_output("ss -tnH state established '( sport = :25672 or dport = :25672 )'").splitlines():
        cols = line.split()
        if len(cols) < 4:
            continue
        host = cols[-1].rsplit(":", 1)[0].strip("[]")
        if host.startswith("::ffff:"):
            host = host[7:]
        ip = ipaddress.ip_address(host)
        if not ip.is_loopback:
            peers.add(ip)
    return peers


@requirement("req-4")
def links_over_priv(hosts):
    priv = ipaddress.ip_network("10.100.0.0/24")
    for n, host in hosts.items():
        peers = _peer_addresses(host)
        assert peers, f"{n} has no inter-node (Erlang distribution) connection to another node"
        off = sorted(str(p) for p in peers if p not in priv)
        assert not off, f"{n} talks to its peers outside the private network: {', '.join(off)}"


@requirement("req-5")
def rejoins_after_restart(ctx):
    res = ctx.run("node3", "systemctl restart rabbitmq-server.service", timeout=600)
    assert res.exit_code == 0, f"restarting rabbitmq-server on node3 failed: {(res.stderr or res.stdout).strip()[-300:]}"
    deadline = time.time() + 420
    while True:
        st = _status(ctx, "node1")
        if sorted(st.get("running_nodes", [])) == MEMBERS:
            return
        assert time.time() < deadline, f"after its restart node3 did not rejoin: running {st.get('running_nodes')}"
        time.sleep(10)


@requirement("req-6")
def peer_names_resolve_to_priv(ctx, hosts):
    for n, host in hosts.items():
        for peer in NODES:
            if peer == n:
                continue
            res = host.run(f"getent ahostsv4 {peer}")
            got = res.stdout.split()[0] if res.rc == 0 and res.stdout.split() else None
            want = ctx.addr(peer, "priv")
            assert got == want, f"on {n}, the name {peer} resolves to {got or 'nothing'}, not {want} (its address on priv)"
