# SPDX-License-Identifier: LGPL-2.1-or-later
"""Pictures for bug reports and forum posts, written by the library so they
are the same bytes as the CLI's:

    import multigig
    with multigig.Context() as ctx:
        open("eth1.svg", "w").write(ctx.nic("eth1").pcie().to_svg())
        multigig.report(ctx, "eth1", html="eth1.html")

``PciePath.to_svg()`` is ``multigig pcie IFACE --svg``; ``report()`` is
``multigig report [IFACE] --html FILE``.
"""

from __future__ import annotations

import errno
import os
import tempfile
from typing import TYPE_CHECKING, Any, Optional, Union, cast

from . import _args
from . import core as _c

if TYPE_CHECKING:
    from . import Context, Nic

__all__ = ["report"]


def _raise(rc: int, ctx: Any) -> None:
    # The package's own mapping of errno to OSError subclasses.
    from . import _raise as package_raise
    package_raise(rc, ctx)


def pcie_svg(context: Context, path: Any, nic: Any) -> str:
    """The drawing of a PCIe path (C pointers) held by a PciePath."""
    with context._using() as ctx:  # ValueError once the context is closed: names need it
        rc, svg = _c.mg_pcie_path_to_svg(ctx, path, nic)
        if rc < 0:
            _raise(rc, ctx)
        return cast(str, svg)


def _write_whole(path: Union[str, os.PathLike[str]], text: str) -> None:
    """Write beside ``path`` and rename over it, as the CLI does."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def report(context: Context, target: Union[Nic, str, None] = None,
           html: Union[str, os.PathLike[str], None] = None, watch: Optional[int] = None) -> str:
    """One self-contained HTML page (a str) about one adapter (a Nic, an
    interface name or a PCI address) or, with no target, every adapter on a
    bus: the machine, each adapter's identity, link, throughput verdict,
    PCIe path drawn, settings with their maxima and the doctor's findings.
    The same bytes as ``multigig report [TARGET] --html FILE``; with
    ``html`` (a path) the page is also written there, whole.

    With ``watch`` (seconds, one interface) the page also plots the rates
    against the ceiling, the interrupts per CPU and the temperature over
    that many seconds, sampled once a second: the call takes that long."""
    if watch is not None:
        # Whole seconds for C; which it takes (one interface, 1 to 3600) is the library's to say.
        watch = max(0, min(_args.integer(watch, "watch"), 0xFFFFFFFF))
    with context._using() as ctx:
        from . import Nic as _Nic
        nic: Any = None
        if isinstance(target, _Nic):
            nic = _c.mg_nic_ref(target._ptr)
        elif target is not None:
            if isinstance(target, str) and "\0" in target:
                raise ValueError("embedded null character in target")
            rc, nic = _c.mg_nic_lookup(ctx, target)
            if rc < 0:
                _raise(rc, ctx)
        try:
            if watch is not None:
                rc, page = _c.mg_report_html_watch(ctx, nic, watch)
            else:
                rc, page = _c.mg_report_html(ctx, nic, 0)
        finally:
            if nic is not None:
                _c.mg_nic_unref(nic)
        if rc == -errno.EINVAL and watch is not None:
            raise ValueError("watch: %s" % _c.mg_ctx_last_error(ctx))
        if rc < 0:
            _raise(rc, ctx)
        if html is not None:
            _write_whole(html, page)
        return cast(str, page)
