"""The served certificate is read with openssl s_client on node1 (SNI for each name) and
verified with curl against the task's own CA (taken from prepare.sh, not from the node). The
baseline remembers the old certificate's serial and public key and the service instance
(systemd InvocationID and main PID), to tell a rotation from a restart."""
import re
from pathlib import Path

from fixtures.checks import baseline, requirement

CA_PEM = re.search(r"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----",
                   (Path(__file__).parent / "prepare.sh").read_text(), re.S).group(0)
NAMES = ("portal.corp.internal", "portal-api.corp.internal")
BEFORE: dict = {}


def _served(node1, name: str, args: str):
    return node1.run(f"openssl s_client -connect 127.0.0.1:8443 -servername {name} </dev/null "
                     f"2>/dev/null | openssl x509 -noout {args}")


def _served_pubkey(node1, name: str) -> str:
    return node1.run(f"openssl s_client -connect 127.0.0.1:8443 -servername {name} </dev/null "
                     "2>/dev/null | openssl x509 -noout -pubkey | sha256sum").stdout.split()[0]


def _instance(node1) -> tuple[str, str]:
    """portal's systemd InvocationID and MainPID (0 when it does not run)."""
    unit = node1.service("portal.service").systemd_properties
    return unit.get("InvocationID", ""), unit.get("MainPID", "")


def _curl(node1, name: str):
    return node1.run(f"CA=$(mktemp); trap 'rm -f \"$CA\"' EXIT; cat > \"$CA\" <<'PEM'\n{CA_PEM}\nPEM\n"
                     f'curl -sS --max-time 10 --cacert "$CA" --resolve {name}:8443:127.0.0.1 https://{name}:8443/')


@baseline
def expiring_certificate_served(node1):
    res = _served(node1, NAMES[0], "-serial -checkend 864000")
    assert res.stdout.strip() and res.rc == 1, "portal does not serve a certificate expiring within 10 days"
    BEFORE["serial"] = res.stdout.split("serial=")[1].split()[0].lower()
    BEFORE["pubkey"] = _served_pubkey(node1, NAMES[0])
    BEFORE["instance"] = _instance(node1)
    assert _curl(node1, NAMES[0]).rc == 0, "portal does not verify against the CA at the start"


@requirement("req-1")
def new_certificate_names_and_issuer(node1):
    for name in NAMES:
        res = _served(node1, name, "-subject -ext subjectAltName -nameopt sep_comma_plus,space_eq")
        assert res.rc == 0 and "subject" in res.stdout, f"no certificate served for SNI {name}"
        subject = res.stdout.splitlines()[0]
        for part in ("O = Northwind", "OU = Platform", "CN = portal.corp.internal"):
            assert part in subject, f"the served certificate's subject lacks {part}: {subject}"
        sans = set(re.findall(r"DNS:([^,\s]+)", res.stdout))
        other = re.findall(r"\b(IP Address|email|URI):", res.stdout)
        assert sans == set(NAMES) and not other, \
            f"the served certificate's names are {sorted(sans)} {other}, not exactly {list(NAMES)}"
        cl = _curl(node1, name)
        assert cl.rc == 0 and '"portal"' in cl.stdout, \
            f"a client trusting the Northwind CA cannot connect as {name}: {cl.stderr.strip()[-300:]}"


@requirement("req-2")
def one_year_new_serial_new_key(node1):
    assert BEFORE.get("serial") and BEFORE.get("pubkey"), \
        "the baseline did not record the old certificate's serial and key"
    res = _served(node1, NAMES[0], "-serial -enddate -checkend 31104000")  # 360 days
    assert res.stdout.strip(), "could not read the served certificate"
    assert res.rc == 0, f"the served certificate is valid for less than 360 days: {res.stdout.strip()}"
    too_long = _served(node1, NAMES[0], "-checkend 34387200")  # 398 days
    assert too_long.rc == 1, "the served certificate is valid for more than 398 days"
    serial = res.stdout.split("serial=")[1].split()[0].lower()
    assert serial != BEFORE.get("serial"), f"the served certificate still has the old serial {serial}"
    assert _served_pubkey(node1, NAMES[0]) != BEFORE.get("pubkey"), "the new certificate reuses the old private key"


@requirement("req-3")
def not_restarted(node1):
    assert BEFORE.get("instance"), "the baseline did not record portal's instance"
    now = _instance(node1)
    assert now[1] not in ("", "0"), "portal is not running"
    assert now == BEFORE["instance"], \
        f"portal was restarted (InvocationID/MainPID {BEFORE['instance']} -> {now})"


@requirement("req-4")
def configured_files_match_and_survive_restart(ctx, node1):
    inv, pid = _instance(node1)
    args = node1.run(f"tr '\\0' '\\n' < /proc/{pid}/cmdline").stdout.splitlines()
    assert len(args) >= 4, f"cannot read portal's command line: {args}"
    cert, key = args[2], args[3]
    served_fp = _served(node1, NAMES[0], "-fingerprint -sha256").stdout.strip()
    file_fp = node1.run(f"openssl x509 -noout -fingerprint -sha256 -in {cert}").stdout.strip()
    assert served_fp and served_fp == file_fp, f"{cert} does not hold the certificate portal serves"
    match = node1.run(f"[ \"$(openssl x509 -noout -pubkey -in {cert} | sha256sum)\" = "
                      f"\"$(openssl pkey -pubout -in {key} | sha256sum)\" ]")
    assert match.rc == 0, f"the key {key} does not match the certificate {cert}"
    res = ctx.run("node1", "systemctl restart portal.service")
    assert res.exit_code == 0, f"portal failed to restart: {res.stderr.strip()}"
    for name in NAMES:
        cl = node1.run(f"for i in $(seq 1 60); do "
                       f"openssl s_client -connect 127.0.0.1:8443 -servername {name} </dev/null 2>/dev/null "
                       f"| openssl x509 -noout -fingerprint -sha256 2>/dev/null | grep . && exit 0; sleep 0.25; done; exit 1")
        assert cl.rc == 0, f"portal does not come back after a restart ({name})"
        assert cl.stdout.strip() == served_fp, f"after a restart portal serves another certificate for {name}"
        assert _curl(node1, name).rc == 0, f"after a restart, clients cannot verify {name}"
