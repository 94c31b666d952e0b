# SPDX-License-Identifier: LGPL-2.1-or-later
"""A prometheus_client collector with the metrics of ``multigig export
--format prometheus``: register it in a service that already exposes
metrics, or use the CLI's --output for node_exporter's textfile collector.

    from prometheus_client import REGISTRY
    from multigig.prometheus import Collector
    REGISTRY.register(Collector())
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Optional, cast

from prometheus_client import parser as _parser
from prometheus_client.core import Metric

import multigig
from multigig import _args

from ._hidden import HIDDEN

__all__ = ["Collector", "label_value"]

# prometheus_client's own parser of the text format (it is not annotated).
_families = cast(Callable[[str], Iterator[Metric]], _parser.text_string_to_metric_families)


def _as_itself(ch: str) -> bool:
    """Whether the library's text writes the character as it is."""
    o = ord(ch)
    return not (0xD800 <= o <= 0xDFFF or ch == "\\" or (o < 0x20 and ch != "\n") or 0x7F <= o <= 0x9F
                or any(first <= o <= last for first, last in HIDDEN))


def _shown(value: str, i: int) -> str:
    """The character at ``value[i]`` as the library's text shows it (mg_show_next())."""
    ch = value[i]
    o = ord(ch)
    if _as_itself(ch):
        return ch
    if 0xDC80 <= o <= 0xDCFF:  # a byte that was not UTF-8
        return "\\x%02x" % (o - 0xDC00)
    if ch == "\\":
        bare = i + 1 < len(value) and _as_itself(value[i + 1]) and value[i + 1] not in "xuU"
        return "\\" if bare else "\\\\"
    if o <= 0x9F:
        return "".join("\\x%02x" % b for b in ch.encode("utf-8"))
    return ("\\U%08x" if o > 0xFFFF else "\\u%04x") % o


def label_value(value: Optional[str]) -> str:
    """A label value as the library writes it, before the format's own
    escapes: the name as text shows it, one series per name. Each control
    character but the newline (C0, DEL, C1) and each byte that is not
    UTF-8 (a surrogate escape in Python) becomes ``\\xNN``, each character
    that shows nothing or turns text around ``\\u200b`` (the library's
    table), and a backslash ``\\\\`` where what follows could read as an
    escape. For labels of a caller's own beside the collector's."""
    value = value or ""
    return "".join(_shown(value, i) for i in range(len(value)))


class Collector:
    """Gathers once per scrape (one dump per kind of message however many
    interfaces) and yields the families of the library's text exposition,
    the same text ``multigig export`` prints (mg_prometheus_write())."""

    def __init__(self, sysfs_root: Optional[str] = None, all_adapters: bool = False) -> None:
        self._root = sysfs_root
        self._all = _args.flag(all_adapters, "all_adapters")

    def __repr__(self) -> str:
        return "<multigig.prometheus.Collector sysfs_root=%r all_adapters=%r>" % (self._root, self._all)

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        with multigig.Context(self._root) as ctx:
            text = ctx._prometheus(self._all)
        yield from _families(text)
