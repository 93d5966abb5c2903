"""tasklib/sh/https-app.sh's https_cert run by bash with the real openssl: a certificate from a
throwaway CA with a start and an end in the past, its name in the subjectAltName."""
import shutil
import subprocess
from pathlib import Path

import pytest

import tasklib

LIB = Path(tasklib.__file__).parent / "sh" / "https-app.sh"

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")


def test_an_expired_certificate_for_a_name_from_a_local_ca(tmp_path):
    ca = tmp_path / "ca"
    ca.mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-subj", "/O=Test/CN=Test CA", "-days", "30", "-keyout", ca / "ca.key",
                    "-out", ca / "ca.crt"], check=True, capture_output=True)
    key, crt = tmp_path / "srv.key", tmp_path / "srv.crt"
    res = subprocess.run(["bash", "-c", f'. {LIB}\nset -euo pipefail\nhttps_cert {ca} {key} {crt} '
                          '"/O=Test/OU=Ops/CN=app.test" DNS:app.test 1A2B 20240301000000Z 20250301000000Z'],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    text = subprocess.run(["openssl", "x509", "-in", crt, "-noout", "-text"], capture_output=True, text=True,
                          check=True).stdout
    assert "Not Before: Mar  1 00:00:00 2024 GMT" in text and "Not After : Mar  1 00:00:00 2025 GMT" in text
    assert "DNS:app.test" in text and "Serial Number: 6699 (0x1a2b)" in text
    assert "CN = app.test" in text and "OU = Ops" in text
    verify = subprocess.run(["openssl", "verify", "-no_check_time", "-CAfile", ca / "ca.crt", crt],
                            capture_output=True, text=True)
    assert verify.returncode == 0, verify.stderr
    of_key = subprocess.run(["openssl", "pkey", "-in", key, "-pubout"], capture_output=True, check=True).stdout
    of_crt = subprocess.run(["openssl", "x509", "-in", crt, "-noout", "-pubkey"], capture_output=True, check=True).stdout
    assert of_key == of_crt, "the certificate is not for the key made beside it"
