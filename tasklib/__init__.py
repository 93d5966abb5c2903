"""The task author's library: what the checks of many tasks share, and the shell helpers their
scripts include (docs/tasks.md, "The task author's library").

Python (import the module a check needs, `from tasklib import galera`): each helper takes the
testinfra hosts a check receives (parameters named after nodes) and asserts with a message that
says what is wrong, on which node.

    galera      SQL on MariaDB Galera nodes, wsrep status, waiting for a whole cluster

Shell (`tasklib/sh/`): a prepare, solution or wrong-solution script includes one with a line
`. tasklib/<name>.sh`; the harness inlines it, so the recorded script is whole (agents/_scripts).

This package imports nothing of opsbench: task modules may use it without pulling in the harness.
"""
