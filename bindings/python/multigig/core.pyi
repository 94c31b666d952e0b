# SPDX-License-Identifier: LGPL-2.1-or-later
# The SWIG module is generated and untyped: every name in it is Any to a
# type checker; the package around it carries the types.
from typing import Any


def __getattr__(name: str) -> Any: ...
