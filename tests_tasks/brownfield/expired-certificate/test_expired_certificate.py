"""The client is curl on node1 trusting only the task's own CA (taken from prepare.sh, not from
the node, so a CA the agent made up does not count), reaching billing.corp.internal on
127.0.0.1 whatever /etc/hosts says."""
import re
from pathlib import Path

from fixtures.checks import baseline, requirement

CA_PEM = re.search(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----",
                   (Path(__file__).parent / "prepare.sh").read_text(), re.S).group(0)
URL = "https://billing.corp.internal:8443/"
RESOLVE = "--resolve billing.corp.internal:8443:127.0.0.1"


def _with_ca(command: str) -> str:
    """`command` with $CA naming a file that holds the task's CA certificate."""
    return (f"CA=$(mktemp); trap 'rm -f \"$CA\"' EXIT; cat > \"$CA\" <<'PEM'\n{CA_PEM}\nPEM\n{command}")


def _client(node1):
    return node1.run(_with_ca(f'curl -sS --max-time 10 --cacert "$CA" {RESOLVE} {URL}'))


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
