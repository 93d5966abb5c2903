"""opsbench: every sysadmin task is a test. The plugin lives in fixtures/."""
pytest_plugins = ["fixtures.plugin"]
