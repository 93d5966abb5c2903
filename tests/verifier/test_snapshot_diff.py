from verifier._observations import diff_node, diff_snapshots, diff_value


def test_map_diff_lists_added_removed_changed():
    d = diff_value({"a": 1, "b": 2, "c": 3}, {"b": 2, "c": 4, "d": 5})
    assert d == {"kind": "map", "added": {"d": 5}, "removed": {"a": 1},
                 "changed": {"c": {"before": 3, "after": 4}}}


def test_list_diff_is_a_multiset_diff_ignoring_key_order():
    before = [{"proto": "tcp", "local": ":22"}, {"proto": "tcp", "local": ":80"}, "x", "x"]
    after = [{"local": ":22", "proto": "tcp"}, "x", "y"]
    assert diff_value(before, after) == {"kind": "list", "added": ["y"],
                                         "removed": ["x", {"local": ":80", "proto": "tcp"}]}


def test_scalars_and_unchanged_keys():
    assert diff_value("b1", "b2") == {"kind": "value", "before": "b1", "after": "b2"}
    assert diff_value({"a": 1}, {"a": 1}) is None
    assert diff_value(None, []) is None  # a key that appears empty changed nothing
    assert diff_node({"ok": True, "kernel": "6.1"}, {"ok": True, "kernel": "6.1"}) == {}


def test_a_failed_probe_gives_the_error_not_a_diff():
    before = {"phase": "post_agent", "nodes": {"n1": {"ok": True, "kernel": "a"},
                                               "n2": {"ok": True}}}
    after = {"phase": "post_reboot", "nodes": {"n1": {"ok": False, "error": "ssh: timeout"}}}
    out = diff_snapshots(before, after)
    assert out["n1"] == {"error": "post_reboot: probe failed: ssh: timeout"}
    assert out["n2"] == {"error": "post_reboot: node absent from the snapshot"}
