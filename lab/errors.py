"""Errors the lab raises. `InfrastructureError` and its subclasses are never the agent's fault:
the harness retries them and reports them apart from agent failures."""


class LabError(Exception):
    """Bad input or a missing prerequisite: the message names the thing and the fix."""


class InfrastructureError(Exception):
    """The testbed failed (a VM that won't boot, a dropped SSH link, an API overload)."""


class ProvisionError(InfrastructureError):
    """A cluster could not be brought up."""


class TransportError(InfrastructureError):
    """The SSH connection to a node broke and could not be re-established."""


class DeadlineExceeded(InfrastructureError):
    """Something awaited did not happen in time; the message says what was awaited."""
