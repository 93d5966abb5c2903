"""Clients run with a clean environment (env -i) and curl without its rc files (-q), so only the
system's trust store counts, not variables or per-user settings. A second server certificate
from the same CA (probe, below) and one from an unknown issuer (rogue) are served briefly with
openssl s_server; both are made for these checks and never shown to the agent."""
from fixtures.checks import baseline, requirement

PROBE_CRT = """-----BEGIN CERTIFICATE-----
MIIB6DCCAY6gAwIBAgICIAEwCgYIKoZIzj0EAwIwMDESMBAGA1UECgwJQWNtZSBD
b3JwMRowGAYDVQQDDBFBY21lIENvcnAgUm9vdCBDQTAgFw0yMDAxMDEwMDAwMDBa
GA8yMTIwMDEwMTAwMDAwMFowMjESMBAGA1UECgwJQWNtZSBDb3JwMRwwGgYDVQQD
DBNwcm9iZS5jb3JwLmludGVybmFsMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE
tHBE6MLTBI7Q5JQagJzDR/Udu0i0ZZahS7KkoF/lbWhEve93frSXG8TYGwDlLIfl
MGRMJePUyX9zGKEwcenllaOBkzCBkDAJBgNVHRMEAjAAMA4GA1UdDwEB/wQEAwIH
gDATBgNVHSUEDDAKBggrBgEFBQcDATAeBgNVHREEFzAVghNwcm9iZS5jb3JwLmlu
dGVybmFsMB0GA1UdDgQWBBQeIyaXPsj5hIrE/2SoPAgoK4erxjAfBgNVHSMEGDAW
gBSNILy0SIKk3Ev5vJWC24Fdl8prkzAKBggqhkjOPQQDAgNIADBFAiEA58wwlaLu
Qj5meEZcgW4SNLEWEK4Q679uyJX4RvjEPGACIDU5XHUNIFc3OqZnPn+W2zF/eccR
bs5+SNO4LfkHPAqo
-----END CERTIFICATE-----"""
PROBE_KEY = """-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIAt7KVPENUw/GGXOvjQ8+MGd61qlsl1gSpI+1QEMZl8ToAoGCCqGSM49
AwEHoUQDQgAEtHBE6MLTBI7Q5JQagJzDR/Udu0i0ZZahS7KkoF/lbWhEve93frSX
G8TYGwDlLIflMGRMJePUyX9zGKEwcenllQ==
-----END EC PRIVATE KEY-----"""
ROGUE_CRT = """-----BEGIN CERTIFICATE-----
MIIBojCCAUigAwIBAgICIAIwCgYIKoZIzj0EAwIwMjESMBAGA1UECgwJQWNtZSBD
b3JwMRwwGgYDVQQDDBNyb2d1ZS5jb3JwLmludGVybmFsMCAXDTIwMDEwMTAwMDAw
MFoYDzIxMjAwMTAxMDAwMDAwWjAyMRIwEAYDVQQKDAlBY21lIENvcnAxHDAaBgNV
BAMME3JvZ3VlLmNvcnAuaW50ZXJuYWwwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNC
AASGf7t5uyejZqVQjqBs60TUQxUxnxTGFIQR9/asgSFJR3a9eZ7MVeS0PudNbTgR
028izmHu9x5Vmw9qfBGjhpJWo0wwSjAeBgNVHREEFzAVghNyb2d1ZS5jb3JwLmlu
dGVybmFsMAkGA1UdEwQCMAAwHQYDVR0OBBYEFGQZM1v+Bv4myGcavoCNeYx5EDVB
MAoGCCqGSM49BAMCA0gAMEUCICadxpUKCuQPuYZVQkK4c7cjNr7fKMHH4HnFSKC5
Bt15AiEA1vDQl4bJHpcvwvuSQB1QDqG6CdFOArh96vOJImwtZNI=
-----END CERTIFICATE-----"""
ROGUE_KEY = """-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIFVb19aD1Mmoy0WEB3zcG68fqa83I3YK4S7j9DpjdkD9oAoGCCqGSM49
AwEHoUQDQgAEhn+7ebsno2alUI6gbOtE1EMVMZ8UxhSEEff2rIEhSUd2vXmezFXk
tD7nTW04EdNvIs5h7vceVZsPanwRo4aSVg==
-----END EC PRIVATE KEY-----"""

URL = "https://wiki.corp.internal:9443/"
CLEAN = "env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/nonexistent"
BUNDLES = "/etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt"
BEFORE: dict = {}


def _curl(node1, url: str, extra: str = "", user: str | None = None):
    run_as = f"runuser -u {user} -- " if user else ""
    return node1.run(f"{run_as}{CLEAN} curl -q -sS --max-time 10 {extra} {url}")


def _public_roots(node1) -> int:
    res = node1.run(f"for b in {BUNDLES}; do [ -f $b ] && grep -c 'BEGIN CERTIFICATE' $b && exit 0; done; echo 0")
    return int(res.stdout.split()[0])


def _serve(node1, name: str, crt: str, key: str, port: int) -> None:
    """openssl s_server with crt/key on `port` for 60 s."""
    res = node1.run(f"d=$(mktemp -d /tmp/obprobe.XXXXXX); cat > $d/c.pem <<'PEM'\n{crt}\nPEM\n"
                    f"cat > $d/k.pem <<'PEM'\n{key}\nPEM\n"
                    f"(cd $d && setsid timeout 60 openssl s_server -quiet -accept {port} -cert c.pem -key k.pem -www "
                    f">/dev/null 2>&1 < /dev/null &); "
                    f"for i in $(seq 50); do ss -Hltn 'sport = :{port}' | grep -q . && exit 0; sleep 0.1; done; exit 1")
    assert res.rc == 0, f"could not start a test TLS server for {name} on {port}"


def _stop(node1, port: int) -> None:
    node1.run(f"pkill -f '^(timeout 60 )?openssl s_server -quiet -accept {port} ' || true; rm -rf /tmp/obprobe.*")


@baseline
def wiki_untrusted(node1):
    res = _curl(node1, URL)
    assert res.rc == 60, f"curl to the wiki does not fail verification at the start (exit {res.rc})"
    BEFORE["roots"] = _public_roots(node1)


@requirement("req-1")
def curl_verifies(node1):
    for user in (None, "nobody"):
        who = user or "root"
        res = _curl(node1, URL, user=user)
        assert res.rc == 0, f"curl as {who} cannot verify {URL}: {res.stderr.strip()[-300:]}"
        assert "Acme internal wiki" in res.stdout, f"{URL} answers something else to {who}"


@requirement("req-2")
def python_and_openssl_verify(node1):
    py = node1.run(f"{CLEAN} python3 -c \"import urllib.request; "
                   f"print(urllib.request.urlopen('{URL}', timeout=10).read().decode())\"")
    assert py.rc == 0 and "Acme internal wiki" in py.stdout, \
        f"python3 urllib cannot verify {URL}: {py.stderr.strip()[-300:]}"
    ossl = node1.run(f"{CLEAN} openssl s_client -connect 127.0.0.1:9443 -servername wiki.corp.internal "
                     "-verify_hostname wiki.corp.internal -verify_return_error </dev/null")
    assert ossl.rc == 0 and "Verify return code: 0 (ok)" in ossl.stdout, \
        f"openssl s_client cannot verify the wiki with the default trust store: {ossl.stderr.strip()[-300:]}"


@requirement("req-3")
def the_ca_is_trusted(node1):
    _serve(node1, "probe.corp.internal", PROBE_CRT, PROBE_KEY, 9555)
    try:
        res = _curl(node1, "https://probe.corp.internal:9555/", "--resolve probe.corp.internal:9555:127.0.0.1")
        assert res.rc == 0, \
            (f"another certificate issued by the Acme Corp Root CA does not verify (curl exit {res.rc}: "
             f"{res.stderr.strip()[-200:]}): the CA itself is not trusted")
    finally:
        _stop(node1, 9555)


@requirement("req-4")
def verification_still_enforced(node1):
    _serve(node1, "rogue.corp.internal", ROGUE_CRT, ROGUE_KEY, 9556)
    try:
        url = "https://rogue.corp.internal:9556/"
        res = _curl(node1, url, "--resolve rogue.corp.internal:9556:127.0.0.1")
        assert res.rc != 0, "curl accepts a certificate from an unknown issuer: verification is weakened"
        py = node1.run(f"{CLEAN} python3 -c \"import socket, ssl; c = ssl.create_default_context(); "
                       "s = c.wrap_socket(socket.create_connection(('127.0.0.1', 9556), timeout=10), "
                       "server_hostname='rogue.corp.internal')\"")
        assert py.rc != 0, "python3 accepts a certificate from an unknown issuer"
    finally:
        _stop(node1, 9556)
    roots = _public_roots(node1)
    assert roots >= max(100, BEFORE.get("roots", 0)), \
        f"the system trust bundle holds {roots} CAs, fewer than the {BEFORE.get('roots')} public CAs before"


@requirement("req-5")
def trust_survives_store_rebuild(node1):
    """The bundles in /etc/ssl/certs (/etc/pki/ca-trust/extracted) are generated: a package update
    of ca-certificates rebuilds them from the configured sources, as this check does."""
    # under the checks timeout (300 s, the task's default), as long as it had before
    res = node1.run("if command -v update-ca-certificates >/dev/null; then update-ca-certificates; "
                    "else update-ca-trust extract; fi")
    assert res.rc == 0, f"rebuilding the system trust store fails: {(res.stderr or res.stdout).strip()[-300:]}"
    res = _curl(node1, URL)
    assert res.rc == 0 and "Acme internal wiki" in res.stdout, \
        (f"after the system rebuilt its trust store, curl no longer verifies {URL}: "
         f"{res.stderr.strip()[-300:]}")
