"""Who is to blame when a run cannot go on, the distinction every record keeps (run.json's
`error.type`): the errors every package raises are one of these two, or the agent's own doing
(which is no exception: a failed run)."""


class ConfigurationError(Exception):
    """Bad input or a missing prerequisite (a task file, an option, an image, an API key): the
    message names the thing and the fix. Never retried; the run's error type `configuration`."""


class InfrastructureError(Exception):
    """The testbed failed (a VM that won't boot, a dropped SSH link, an API overload): never the
    agent's fault. Retried, and reported apart; the run's error type `infrastructure`."""
