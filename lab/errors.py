"""Errors the lab raises: kinds of `records.InfrastructureError` (never the agent's fault: retried
and reported apart), and the agent's own doings the lab detects (a node that stopped at boot,
powered off, or shut the harness out: the run fails, it is not retried)."""
from records import InfrastructureError


class ProvisionError(InfrastructureError):
    """A cluster could not be brought up."""


class TransportError(InfrastructureError):
    """The SSH connection to a node broke and could not be re-established."""


class DeadlineExceeded(InfrastructureError):
    """Something awaited did not happen in time; the message says what was awaited."""


class BootDeadEnd(Exception):
    """A rebooted node stopped in emergency or rescue mode: its own configuration (an fstab or
    crypttab entry, a unit) stopped it, not the testbed. Not an InfrastructureError: whoever
    changed the machine is scored for it, and it is not retried."""

    def __init__(self, node: str, console: str) -> None:
        self.node, self.console = node, console
        last = console.splitlines()[-1] if console else ""
        super().__init__(f"{node} did not come back from the reboot: it stopped in {last!r}")


class NodeDown(Exception):
    """A node stopped answering because of what was done on it: its VM is powered off (the agent
    ran poweroff, halt or shutdown -h). Not an InfrastructureError: the agent is scored for it,
    and it is not retried."""

    def __init__(self, node: str, state: str) -> None:
        self.node, self.state = node, state
        super().__init__(f"{node} is down after the agent: its VM is {state}")


class LockedOut(Exception):
    """A node is up, its console quiet, and it refuses the harness's SSH (sshd stopped, port 22
    firewalled, its key removed): the agent shut the harness out. Not an InfrastructureError."""

    def __init__(self, node: str, why: str) -> None:
        self.node, self.why = node, why
        super().__init__(f"{node}: {why}")
