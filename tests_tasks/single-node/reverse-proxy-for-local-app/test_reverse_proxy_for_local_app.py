"""Judged by real requests: curl on node1 to node1's management address (so the client's address
is that address, not the loopback), with a Host and an X-Forwarded-For of the check's choosing;
the app answers with what it was sent. Reachability from other machines is the lab host's own
TCP connection to the management address."""
from fixtures import traffic
from fixtures.checks import baseline, requirement
from tasklib import http, systemd

NAME = "board.example.test"    # a host name clients could use (node1 serves every name)
FORGED = "203.0.113.9"         # an X-Forwarded-For the client sends of its own


def _through_port_80(ctx, node1, host: str, forwarded: str | None = None):
    """The status board's JSON for a GET of port 80 on node1's management address, or None."""
    headers = {"Host": host, **({"X-Forwarded-For": forwarded} if forwarded else {})}
    doc = http.get_json(node1, f"http://{ctx.mgmt('node1')}/", wait_s=5, headers=headers)
    return doc if isinstance(doc, dict) and doc.get("app") == "status-board" else None


def _chain(doc: dict) -> list[str]:
    return [a.strip() for a in doc.get("x_forwarded_for", "").split(",") if a.strip()]


@baseline
def loopback_only_before(ctx, node1):
    doc = http.get_json(node1, "http://127.0.0.1:3000/", wait_s=5)
    assert doc and doc.get("app") == "status-board", f"the status board does not answer on 127.0.0.1:3000: {doc}"
    assert not ctx.reachable("node1", 80), "port 80 of node1 is already open before the agent"
    assert not ctx.reachable("node1", 3000), "port 3000 of node1 is open to other machines before the agent"


@requirement("req-1")
def published_on_port_80(ctx, node1):
    traffic.settled(ctx)  # after the reboot, the proxy may still be starting
    for host in (ctx.mgmt("node1"), NAME):
        assert _through_port_80(ctx, node1, host), \
            f"a GET of http://{ctx.mgmt('node1')}/ with Host: {host} does not get the status board's answer"
    assert ctx.reachable("node1", 80), "port 80 of node1 cannot be reached from other machines"


@requirement("req-2")
def app_port_closed_outside(ctx):
    traffic.settled(ctx)
    assert not ctx.reachable("node1", 3000), \
        "port 3000 of node1 (the status board itself) can be reached from other machines"


@requirement("req-3")
def client_address_forwarded(ctx, node1):
    traffic.settled(ctx)
    client = ctx.mgmt("node1")
    for forwarded in (None, FORGED):
        doc = _through_port_80(ctx, node1, NAME, forwarded)
        sent = f"X-Forwarded-For: {forwarded}" if forwarded else "no X-Forwarded-For"
        assert doc, f"a GET of port 80 ({sent}) does not get the status board's answer"
        chain = _chain(doc)
        assert chain and chain[-1] == client, \
            (f"a request from {client} with {sent} reached the app with X-Forwarded-For "
             f"{doc.get('x_forwarded_for')!r}: its last entry is not the client's address")


@requirement("req-4")
def host_name_passed_on(ctx, node1):
    traffic.settled(ctx)
    doc = _through_port_80(ctx, node1, NAME)
    assert doc, f"a GET of port 80 with Host: {NAME} does not get the status board's answer"
    assert doc.get("host") in (NAME, f"{NAME}:80"), \
        f"a request for {NAME} reached the app with Host {doc.get('host')!r}"


@requirement("req-5")
def app_runs_as_board(node1):
    pid = systemd.main_pid(node1, "status-board.service")
    assert pid, "status-board.service has no running main process"
    user = node1.check_output(f"ps -o user= -p {pid}").strip()
    assert user == "board", f"status-board.service runs as {user!r}, not as the account board"
    listener = systemd.listener_pid(node1, 3000)
    assert listener == pid, \
        f"port 3000 is served by pid {listener or 'none'}, not by status-board.service (pid {pid})"
