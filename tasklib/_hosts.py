"""What the helpers say about the testinfra hosts they are given."""


def name(host) -> str:
    """The node a testinfra host stands for, for messages (`node1`, `db2`)."""
    return host.backend.hostname
