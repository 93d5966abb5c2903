"""The harness's own tests: `--slow` runs the long VM tests too (marked `slow`), which CI leaves
to the scripts in benchmarks/."""
import pytest

# test data holds task copies of recorded runs (tests/data/replays/*/task/task.toml): not tasks
collect_ignore = ["data"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="also run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow (or benchmarks/bench_faults.py)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
