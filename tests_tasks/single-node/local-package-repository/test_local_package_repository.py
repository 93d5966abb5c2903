"""Judged through APT itself: its policy for the package, a download into a scratch
directory (which APT refuses for unauthenticated sources unless told to skip the check), and
the installed package. The download turns APT's global override off on its command line
(APT::Get::AllowUnauthenticated=false wins over apt.conf.d): a configuration that skips the
authentication check for every package is not a trusted source."""
import re

from fixtures.checks import baseline, requirement

PKG = "acme-healthcheck"
SUM = "/var/lib/opsbench/acme-healthcheck.sha256"


def version_sources(policy: str) -> dict[str, list[str]]:
    """Version table of `apt-cache policy`: {version: [source lines]}."""
    table, cur, seen = {}, None, False
    for line in policy.splitlines():
        if line.strip().startswith("Version table:"):
            seen = True
            continue
        if not seen:
            continue
        m = re.match(r"^ (?:\*\*\*| {3}) (\S+) -?\d+$", line)
        if m:
            cur = m.group(1)
            table[cur] = []
        elif cur and line.strip():
            table[cur].append(line.strip())
    return table


def local(src: str) -> bool:
    return "/srv/repo" in src or "localhost" in src or "127.0.0.1" in src


@baseline
def package_unknown(node1):
    res = node1.run(f"apt-cache policy {PKG}")
    assert "1.4.2" not in res.stdout, "APT already knows the package"


@requirement("req-1")
def known_from_local_repo(node1):
    res = node1.run(f"apt-cache policy {PKG}")
    table = version_sources(res.stdout)
    assert "1.4.2" in table, f"APT does not know {PKG} 1.4.2"
    srcs = [s for s in table["1.4.2"] if "/var/lib/dpkg/status" not in s]
    assert srcs, f"{PKG} 1.4.2 is only known as installed, from no repository"
    assert all(local(s) for s in srcs), f"{PKG} 1.4.2 comes from: {'; '.join(srcs)}"


@requirement("req-2")
def installed_and_works(node1):
    res = node1.run(f"dpkg-query -W -f '${{Status}} ${{Version}}' {PKG}")
    assert res.stdout.strip() == "install ok installed 1.4.2", f"{PKG} 1.4.2 is not installed ({res.stdout.strip()})"
    run = node1.run(f"{PKG}")
    assert run.rc == 0 and "OK" in run.stdout, f"{PKG} does not work: {run.stderr.strip()}"


@requirement("req-3")
def fetched_trusted_from_repo(node1):
    res = node1.run(f"d=$(mktemp -d) && cd $d && chmod 755 $d && "
                    f"apt-get download -q -o APT::Get::AllowUnauthenticated=false {PKG}=1.4.2 </dev/null 2>&1 && "
                    f"sha256sum {PKG}_1.4.2_all.deb; cd /; rm -rf $d")
    assert res.rc == 0, f"APT cannot fetch {PKG} 1.4.2 without skipping its checks: {res.stdout.strip()[-500:]}"
    want = node1.run(f"cat {SUM}").stdout.strip()
    assert want and want in res.stdout, f"the package APT fetches is not the one delivered in /root/incoming"


@requirement("req-4")
def distribution_sources_work(node1):
    res = node1.run("apt-cache policy e2fsprogs")
    table = version_sources(res.stdout)
    remote = [s for srcs in table.values() for s in srcs if "http" in s and not local(s)]
    assert remote, "APT no longer has the distribution's repository for e2fsprogs"
