# SPDX-License-Identifier: LGPL-2.1-or-later
"""A stdout callback for the collection's tests: the play as one JSON
report, {"plays": [{"tasks": [{"hosts": {HOST: RESULT}}]}], "stats":
{HOST: {"changed": N, ...}}}, since ansible-core has no JSON callback of
its own (ansible.posix's is not in Debian's ansible-core)."""

from __future__ import annotations

import json
from typing import Any

from ansible.plugins.callback import CallbackBase

DOCUMENTATION = """
name: mg_report
type: stdout
short_description: the play as one JSON report, for tests
description: Each task's result per host, and each host's counts, as one JSON document.
"""


class CallbackModule(CallbackBase):
    CALLBACK_VERSION = 2.0
    CALLBACK_TYPE = "stdout"
    CALLBACK_NAME = "mg_report"

    def __init__(self) -> None:
        super().__init__()
        self.plays: list[dict[str, Any]] = []

    def v2_playbook_on_play_start(self, play: Any) -> None:
        self.plays.append({"name": play.get_name(), "tasks": []})

    def v2_playbook_on_task_start(self, task: Any, is_conditional: bool) -> None:
        self.plays[-1]["tasks"].append({"name": task.get_name(), "hosts": {}})

    def _result(self, result: Any, **extra: Any) -> None:
        self.plays[-1]["tasks"][-1]["hosts"][result._host.get_name()] = dict(result._result, **extra)

    def v2_runner_on_ok(self, result: Any) -> None:
        self._result(result)

    def v2_runner_on_failed(self, result: Any, ignore_errors: bool = False) -> None:
        self._result(result, failed=True)

    def v2_runner_on_skipped(self, result: Any) -> None:
        self._result(result, skipped=True)

    def v2_runner_on_unreachable(self, result: Any) -> None:
        self._result(result, unreachable=True)

    def v2_playbook_on_stats(self, stats: Any) -> None:
        report = {"plays": self.plays,
                  "stats": {host: stats.summarize(host) for host in sorted(stats.processed)}}
        self._display.display(json.dumps(report, default=str))
