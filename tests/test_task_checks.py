"""Pure helpers inside task check modules, tested against values read off the real software."""
import importlib.util
from pathlib import Path

TASKS = Path(__file__).resolve().parent.parent / "tests_tasks"


def _load(rel: str):
    path = TASKS / rel
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_etcd_bootstrap_member_id_matches_etcd():
    etcd = _load("clustered-services/etcd-member-replacement/test_etcd_member_replacement.py")
    # etcd 3.4.23 (Debian 12), `etcd --name node3 --initial-cluster node3=http://127.0.0.1:12380
    # --initial-cluster-token config-etcd`, then `etcdctl member list -w json`
    assert etcd.bootstrap_member_id(["http://127.0.0.1:12380"]) == 15117439393236754568
    # peer URLs are sorted before hashing, and the token takes part
    two = ["http://10.0.0.2:2380", "http://10.0.0.1:2380"]
    assert etcd.bootstrap_member_id(two) == etcd.bootstrap_member_id(sorted(two))
    assert etcd.bootstrap_member_id(two) != etcd.bootstrap_member_id(two, token="other")
