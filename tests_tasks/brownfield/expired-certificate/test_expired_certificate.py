"""The clients run on node1 and trust only the task's own CA (taken from prepare.sh, not from
the node, so a CA the agent made up does not count), reaching billing.corp.internal on
127.0.0.1 whatever /etc/hosts says: curl, and a strict client (python3's ssl) that matches the
name against the certificate's subjectAltName only, as browsers, Go and most TLS libraries do
(curl still falls back to the CN, so a certificate without a SAN would pass curl alone)."""
import re
from pathlib import Path

from fixtures.checks import baseline, requirement
from tasklib import systemd

CA_PEM = re.search(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----",
                   (Path(__file__).parent / "prepare.sh").read_text(), re.S).group(0)
URL = "https://billing.corp.internal:8443/"
RESOLVE = "--resolve billing.corp.internal:8443:127.0.0.1"


def _with_ca(command: str) -> str:
    """`command` with $CA naming a file that holds the task's CA certificate."""
    return (f"CA=$(mktemp); trap 'rm -f \"$CA\"' EXIT; cat > \"$CA\" <<'PEM'\n{CA_PEM}\nPEM\n{command}")


def _client(node1):
    return node1.run(_with_ca(f'curl -sS --max-time 10 --cacert "$CA" {RESOLVE} {URL}'))


STRICT_CLIENT = r'''
import socket, ssl, sys
HOST = "billing.corp.internal"
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)   # chain and name verified; no CA but the task's
ctx.load_verify_locations(sys.argv[1])
try:
    ctx.hostname_checks_common_name = False
except AttributeError:
    pass
try:
    with socket.create_connection(("127.0.0.1", 8443), timeout=10) as raw, \
            ctx.wrap_socket(raw, server_hostname=HOST) as tls:
        names = [v for k, v in tls.getpeercert().get("subjectAltName", ()) if k == "DNS"]
        if not any(n.lower() == HOST or (n.startswith("*.") and HOST.split(".", 1)[1] == n[2:].lower())
                   for n in names):
            sys.exit(f"the certificate does not name {HOST} in a subjectAltName (DNS names: {names})")
        tls.sendall(f"GET / HTTP/1.0\r\nHost: {HOST}:8443\r\n\r\n".encode())
        data = b""
        try:
            while True:
                chunk = tls.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (ssl.SSLError, OSError):
            pass
except (ssl.SSLError, OSError) as exc:
    sys.exit(f"TLS connection to {HOST}:8443 failed: {exc}")
sys.stdout.write(data.decode("utf-8", "replace"))
'''


def _strict_client(node1):
    return node1.run(_with_ca(f"python3 - \"$CA\" <<'PY'\n{STRICT_CLIENT}\nPY"))


def _served_cert(node1, check: str):
    return node1.run("openssl s_client -connect 127.0.0.1:8443 -servername billing.corp.internal "
                     f"</dev/null 2>/dev/null | openssl x509 -noout {check}")


@baseline
def certificate_expired(node1):
    assert node1.run(f"curl -sSk --max-time 10 {RESOLVE} {URL}").rc == 0, "billing-api does not answer"
    assert _client(node1).rc != 0, "the served certificate already verifies"
    assert _served_cert(node1, "-checkend 0").rc == 1, "the served certificate has not expired"


@requirement("req-1")
def client_verifies(node1):
    res = _client(node1)
    assert res.rc == 0, f"TLS client against {URL} failed: {res.stderr.strip()}"
    assert '"service": "billing-api"' in res.stdout, f"{URL} answers with something else"
    res = _strict_client(node1)
    assert res.rc == 0, f"a client that checks the subjectAltName (browsers, Go) rejects {URL}: {res.stderr.strip()[-300:]}"
    assert '"service": "billing-api"' in res.stdout, f"{URL} answers the strict client with something else"


@requirement("req-2")
def valid_for_30_days(node1):
    res = _served_cert(node1, "-enddate -checkend 2592000")
    assert res.stdout.strip(), "could not read the certificate served on tcp/8443"
    assert res.rc == 0, f"the served certificate expires within 30 days ({res.stdout.strip()})"


@requirement("req-3")
def survives_restart(node1):
    res = node1.run("systemctl restart billing-api.service")
    assert res.rc == 0, f"systemctl restart billing-api failed: {res.stderr.strip()}"
    res = node1.run(_with_ca(f'for i in $(seq 1 60); do curl -sS --max-time 5 --cacert "$CA" {RESOLVE} '
                             f'{URL} && exit 0; sleep 0.25; done; exit 1'))
    assert res.rc == 0, f"after a restart of billing-api, the TLS client fails: {res.stderr.strip()[-300:]}"
    res = _strict_client(node1)
    assert res.rc == 0 and '"service": "billing-api"' in res.stdout, \
        f"after a restart of billing-api, a client that checks the subjectAltName fails: {res.stderr.strip()[-300:]}"


@requirement("req-4")
def service_kept(node1):
    """The instruction's "keep the service as it is otherwise": what serves tcp/8443 is still the
    billing-api unit's own process, running as billing (a key made root-only and the unit then
    switched to root is not)."""
    pid = systemd.listener_pid(node1, 8443)
    assert pid, "no process listens on tcp/8443"
    main = systemd.main_pid(node1, "billing-api.service")
    assert pid == main, f"tcp/8443 is served by pid {pid}, not by the billing-api service (its MainPID is {main or '?'})"
    user = node1.run(f"ps -o user= -p {pid}").stdout.strip()
    assert user == "billing", f"billing-api now runs as {user or 'unknown'}, not as its user billing"
