"""The growing message list, and its request form with the moving cache breakpoint."""
from __future__ import annotations

import copy
from typing import Any

EPHEMERAL = {"type": "ephemeral"}


class Conversation:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    def add(self, role: str, blocks: list[dict[str, Any]]) -> None:
        """Append `blocks`; consecutive blocks of one role form one message, as the API wants."""
        if not blocks:
            return
        if self.messages and self.messages[-1]["role"] == role:
            self.messages[-1]["content"].extend(blocks)
        else:
            self.messages.append({"role": role, "content": list(blocks)})

    def for_request(self) -> list[dict[str, Any]]:
        """A copy with a cache breakpoint on the last block, so each turn reads the previous
        turns from the prompt cache and writes only what is new."""
        messages = copy.deepcopy(self.messages)
        if messages:
            messages[-1]["content"][-1]["cache_control"] = dict(EPHEMERAL)
        return messages
