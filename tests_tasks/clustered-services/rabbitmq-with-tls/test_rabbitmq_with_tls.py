import ipaddress
import time
import uuid

from fixtures.checks import baseline, requirement

# where prepare put the internal CA into node2's trust store: Debian/Ubuntu, then the rhel family
CA_PATHS = ("/usr/local/share/ca-certificates/example-internal-ca.crt",
            "/etc/pki/ca-trust/source/anchors/example-internal-ca.crt")


def _ca(node2):
    """The internal CA's file on node2 (the first of CA_PATHS that exists; the Debian one if none)."""
    return next((path for path in CA_PATHS if node2.file(path).is_file), CA_PATHS[0])


AMQPS = """python3 - <<'PY'
import ssl, time, pika
ctx = ssl.create_default_context(cafile='{ca}')
ctx.check_hostname = True
if hasattr(pika, 'SSLOptions'):
    tls = dict(ssl_options=pika.SSLOptions(ctx, server_hostname='mq.internal'))
else:  # pika 0.11 (Debian 11) hands ssl_options to ssl.wrap_socket: verify with the same context
    ssl.wrap_socket = lambda sock, **kw: ctx.wrap_socket(sock, server_hostname='mq.internal', **kw)
    tls = dict(ssl=True, ssl_options={{}})
params = pika.ConnectionParameters(
    host='mq.internal', port=5671, virtual_host='/',
    credentials=pika.PlainCredentials('orders', 'Ord3rs-Tls-2024'),
    connection_attempts=3, retry_delay=3, socket_timeout=15, **tls)
c = pika.BlockingConnection(params)
ch = c.channel()
ch.queue_declare(queue='{q}', auto_delete=False)
ch.basic_publish(exchange='', routing_key='{q}', body=b'{body}')
got = None
for _ in range(15):
    method, props, body = ch.basic_get('{q}', True)  # auto_ack (pika >= 1), no_ack (pika 0.11, Debian 11)
    if method:
        got = body.decode()
        break
    time.sleep(1)
ch.queue_delete(queue='{q}')
c.close()
print(got)
PY"""


def _handshake(ctx, node2):
    # openssl has no connect timeout of its own: the check's timeout bounds it
    return ctx.run("node2", "openssl s_client -connect mq.internal:5671 -servername mq.internal "
                   f"-verify_hostname mq.internal -CAfile {_ca(node2)} -verify_return_error </dev/null 2>&1",
                   timeout=60)


def _wait_listening(node2, seconds=300):
    # after the reboot the broker may still be starting
    deadline = time.time() + seconds
    while time.time() < deadline:
        if node2.run("timeout 5 bash -c '</dev/tcp/mq.internal/5671' 2>/dev/null").rc == 0:
            return
        if node2.run("getent hosts mq.internal").rc != 0:
            return  # name missing: nothing to wait for
        time.sleep(10)


@baseline
def plain_broker_runs(ctx, node2):
    res = ctx.run("node1", "rabbitmqctl status >/dev/null", timeout=180)
    assert res.exit_code == 0, "the stock broker is not running on node1"
    assert node2.run(f"nc -z -w 5 {ctx.addr('node1', 'priv')} 5672").rc == 0, \
        "stock 5672 not reachable from node2"


@requirement("req-1")
def tls_handshake_verifies(ctx, node2):
    _wait_listening(node2)
    res = node2.run("getent hosts mq.internal")
    assert res.rc == 0 and res.stdout.split()[0] == ctx.addr("node1", "priv"), \
        f"on node2, mq.internal does not resolve to node1's private address: {res.stdout.strip() or 'no answer'}"
    res = _handshake(ctx, node2)
    assert res.exit_code == 0 and "Verify return code: 0 (ok)" in res.stdout, \
        f"TLS to mq.internal:5671 from node2 does not verify: {res.stdout.strip()[-400:]}"
    assert "CN = mq.internal" in res.stdout or "CN=mq.internal" in res.stdout, \
        "the broker does not present the mq.internal certificate"


@requirement("req-2")
def amqps_roundtrip(ctx, node2):
    _wait_listening(node2)
    body = uuid.uuid4().hex
    res = ctx.run("node2", AMQPS.format(ca=_ca(node2), q=f"opsbench-tls-{body[:8]}", body=body), timeout=180)
    assert res.exit_code == 0, f"AMQPS client on node2 failed: {res.stderr.strip()[-500:]}"
    assert res.stdout.strip() == body, "the message published over AMQPS was not consumed back"


def _from_other_priv_host(ctx, node2, port):
    """tcp/<port> on node1 from another machine on priv, not only node2: node2 borrows an unused
    address of the network for the attempt (a host no rule names) and gives it back."""
    me, target = ctx.addr("node2", "priv"), ctx.addr("node1", "priv")
    spare = ipaddress.ip_interface(f"{me}/24").network[250]
    return node2.run(f"""dev=$(ip -o -4 addr show | awk -v a='{me}/' 'index($4, a) == 1 {{print $2; exit}}')
[ -n "$dev" ] || exit 90
ip addr add {spare}/24 dev "$dev" || exit 91
nc -z -w 5 -s {spare} {target} {port}; rc=$?
ip addr del {spare}/24 dev "$dev"
exit $rc""")


@requirement("req-3")
def plain_amqp_closed(ctx, node2):
    _wait_listening(node2)
    priv = ctx.addr("node1", "priv")
    res = node2.run(f"nc -z -w 5 {priv} 5672")
    assert res.rc != 0, "plain AMQP (5672) on node1 is reachable from node2 over priv"
    res = _from_other_priv_host(ctx, node2, 5672)
    if res.rc in (90, 91):  # the probe itself could not be set up: not the agent's doing
        raise RuntimeError(f"could not borrow a spare priv address on node2: {res.stderr.strip()[-300:]}")
    assert res.rc != 0, "plain AMQP (5672) on node1 is reachable from another machine on priv"
    assert not ctx.reachable("node1", 5672), "plain AMQP (5672) is reachable on node1's management address"
