# SPDX-License-Identifier: LGPL-2.1-or-later
"""The library's JSON of an object (the one writer of each object's shape),
and the few names the package spells from C values itself."""
from __future__ import annotations

import errno
import json
import os
from typing import Any, Callable, Optional, cast

from . import core as _c

UNKNOWN: int = _c.MG_UNKNOWN

# Compact text, and bytes that are not UTF-8 kept: they reach Python as
# surrogate escapes, as every other str from the library does.
_FLAGS: int = _c.MG_JSON_LINE | _c.MG_JSON_BYTES


def _text(write: Callable[..., Any], *args: Any, flags: int = 0) -> str:
    """What the library's writer ``write`` (mg_*_to_json) says of its
    object: ``args`` are the object and what the writer takes after it."""
    rc, text = write(*args, flags | _FLAGS)
    if rc == -errno.ENOMEM:
        raise MemoryError("the library could not write the JSON")
    if rc < 0:
        raise OSError(-rc, os.strerror(-rc))
    return cast(str, text)


# The library's text is one JSON value and nothing around it: raw_decode()
# alone reads it, without json.loads()'s look for whitespace at both ends.
_raw_decode = json.JSONDecoder().raw_decode


def _loads(text: str) -> Any:
    """A JSON text the library wrote, as Python values."""
    return _raw_decode(text)[0]


def _parsed(write: Callable[..., Any], *args: Any, flags: int = 0) -> Any:
    """The same, parsed: one C call, one parse."""
    return _loads(_text(write, *args, flags=flags))


def _taken_doc(obj: Any) -> dict[str, Any]:
    """The library's JSON of @obj (a record with ``_pending``, ``_json``
    and ``_source``), parsed, and held by no one else: a parse handed on
    is taken once, in one step, so two threads never share it; after that
    the text, written when first asked for, is parsed anew."""
    d = vars(obj).pop("_pending", None)
    if d is None:
        if obj._json is None:
            obj._json = cast("Callable[[], str]", obj._source)()
        d = _loads(obj._json)
    return cast("dict[str, Any]", d)


def _key(name: str, suffix: str = "") -> str:
    return name.replace("-", "_") + suffix


def _limit(v: Any) -> Optional[str]:
    return None if v == _c.MG_LIMIT_UNKNOWN else cast(Optional[str], _c.mg_limit_name(v))
