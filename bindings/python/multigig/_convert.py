# SPDX-License-Identifier: LGPL-2.1-or-later
"""C values as the CLI's JSON writes them: unknown is None, never -1."""
from __future__ import annotations

from typing import Any, Optional, Union, cast

from . import core as _c

UNKNOWN: int = _c.MG_UNKNOWN


def _int(v: Any) -> Optional[int]:
    return None if v == UNKNOWN else cast(Optional[int], v)


def _str(v: Any) -> Optional[str]:
    # The binding gives str or None for const char *.
    return cast(Optional[str], v)


def _hex(v: Any, digits: int) -> Optional[str]:
    return None if v == UNKNOWN else "0x%0*x" % (digits, v)


def _gbps(v: Optional[float]) -> Optional[float]:
    # Three decimals, as the CLI prints them.
    return None if v is None or v < 0 else float("%.3f" % v)


def _gts(v: float) -> Union[int, float, None]:
    if v < 0:
        return None
    return int(v) if v == int(v) else v


def _bool(v: Any) -> Optional[bool]:
    return None if v == UNKNOWN else bool(v)


def _key(name: str, suffix: str = "") -> str:
    return name.replace("-", "_") + suffix


def _limit(v: Any) -> Optional[str]:
    return None if v == _c.MG_LIMIT_UNKNOWN else _str(_c.mg_limit_name(v))
