"""tasklib/sh/nginx-site.sh's nginx_only_site run by bash with the real nginx, in a private mount
namespace in which /etc/nginx is a copy of this machine's (so its own setup is neither used nor
touched); systemctl is a shell function that records what it was asked."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "nginx-site.sh"

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nginx")
                                or not Path("/etc/nginx/sites-available").is_dir(),
                                reason="needs root, unshare and Debian's nginx")

SCRIPT = r"""
set -euo pipefail
cp -a /etc/nginx/. {copy}
mount --bind {copy} /etc/nginx
ln -sf ../sites-available/default /etc/nginx/sites-enabled/default
systemctl() {{ echo "systemctl $*" >> {calls}; }}
. {lib}
nginx_only_site {name} <<'CONF'
{site}
CONF
ls /etc/nginx/sites-enabled
readlink /etc/nginx/sites-enabled/{name}
"""

SITE = """server {
    listen 127.0.0.1:18089 default_server;
    location / { proxy_pass http://127.0.0.1:3000; proxy_set_header Host $host; }
}"""


def _run(tmp_path, name: str, site: str):
    copy, calls = tmp_path / "nginx", tmp_path / "calls"
    copy.mkdir()
    calls.touch()
    res = subprocess.run(["unshare", "-m", "bash", "-c",
                          SCRIPT.format(copy=copy, calls=calls, lib=LIB, name=name, site=site)],
                         capture_output=True, text=True, timeout=60)
    return res, copy, calls.read_text().splitlines()


def test_the_site_replaces_the_default_and_nginx_restarts_with_it(tmp_path):
    res, copy, calls = _run(tmp_path, "ob-test", SITE)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.split() == ["ob-test", "../sites-available/ob-test"]
    assert (copy / "sites-available" / "ob-test").read_text().strip() == SITE
    assert calls == ["systemctl enable nginx.service", "systemctl restart nginx.service"]
    assert Path("/etc/nginx/sites-available/ob-test").exists() is False, "the machine's own nginx was touched"


def test_a_bad_site_fails_before_nginx_is_restarted(tmp_path):
    res, _, calls = _run(tmp_path, "ob-bad", "server { listen 127.0.0.1:18089; no_such_directive on; }")
    assert res.returncode != 0
    assert "no_such_directive" in res.stderr
    assert calls == []
