# SPDX-License-Identifier: LGPL-2.1-or-later
"""Arguments checked before they reach C, in one place. Python counts a
bool an int and any non-empty str true: unchecked, ``mtu=True`` would ask
for an MTU of 1 and ``dry_run="no"`` would be a dry run."""
from __future__ import annotations

import math
import operator
from typing import Any, Optional


class WrongType(TypeError, ValueError):
    """A value of the wrong type: a TypeError. It is a ValueError as well,
    which is what such values raised before they were told apart."""


def text(value: Any, what: str) -> str:
    """A str argument as C will read it. C stops at the first NUL, so a name
    with one would silently mean a shorter name: refuse it as open() does.
    Bytes that were not UTF-8 (surrogate escapes, as names the library
    gives reach Python) go back to C as they came."""
    if not isinstance(value, str):
        raise TypeError("%s must be str, not %s" % (what, type(value).__name__))
    if "\0" in value:
        raise ValueError("embedded null character in %s" % what)
    value.encode("utf-8", "surrogateescape")  # any other lone surrogate raises UnicodeEncodeError
    return value


def flag(value: Any, what: str) -> bool:
    """True or False, nothing else: not 0 or 1, not "no", not None."""
    if not isinstance(value, bool):
        raise WrongType("%s must be True or False, not %r" % (what, value))
    return value


def on_off(value: Any, what: str) -> bool:
    """A setting that is on or off: True/False or "on"/"off"."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value in ("on", "off"):
        return value == "on"
    if isinstance(value, str):
        raise ValueError("%s: %r is not True/False or on/off" % (what, value))
    raise WrongType("%s: %r is not True/False or on/off" % (what, value))


def integer(value: Any, what: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """An int (or what says it is one, with __index__), never a bool, a
    float or a str; from ``low`` to ``high`` where they are given."""
    if isinstance(value, bool):
        raise WrongType("%s: a number, not %r" % (what, value))
    try:
        number = operator.index(value)
    except TypeError:
        raise WrongType("%s: a number, not %r" % (what, value)) from None
    if low is not None and number < low:
        raise ValueError("%s: %r is below %d" % (what, number, low))
    if high is not None and number > high:
        raise ValueError("%s: %r is above %d" % (what, number, high))
    return number


def seconds(value: Any, what: str) -> float:
    """A finite number of seconds, 0 or more: an int or a float, not a bool or a str."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WrongType("%s: seconds as a number, not %r" % (what, value))
    if not math.isfinite(value) or value < 0:
        raise ValueError("%s: a number of seconds, not %r" % (what, value))
    return float(value)
