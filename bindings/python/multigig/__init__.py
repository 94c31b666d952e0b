# SPDX-License-Identifier: LGPL-2.1-or-later
"""libmultigig for Python: what a multi-gigabit network adapter can really do.

    import multigig
    with multigig.Context() as ctx:
        for nic in ctx.nics():
            print(nic.name, nic.driver, nic.pcie().limit)

Every call returns an object with attributes and ``to_dict()``, giving the
same data as the ``multigig`` CLI's ``--json`` output; the package is typed
(``py.typed``). Errors raise ``OSError`` subclasses carrying the errno and
the library's message: ``NoSuchInterface`` for an unknown interface (a
``FileNotFoundError`` and a ``LookupError``, errno ENODEV),
``PermissionError`` without CAP_NET_ADMIN, and for a failed apply an
``ApplyError`` that says what was changed and undone. Objects read from a
context are snapshots: they stay valid after the context is closed; methods
that need the context again raise ``ValueError`` then, and so does a str
argument with an embedded NUL character, as ``open()`` does.

The library's log goes to ``logging.getLogger("multigig")`` once asked for,
with ``multigig.enable_logging()`` or ``Context(log=True)``; nothing is
logged or printed otherwise.
"""
from __future__ import annotations

import contextlib
import errno as _errno
import gc
import json
import logging
import operator
import os
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, Optional, TypeVar, Union, cast

from . import _args
from . import core as _c
from ._args import text as _arg
from ._version import __version__
from ._convert import UNKNOWN, _key, _limit, _loads, _parsed, _taken_doc, _text
from .records import (_G, _PARAM_GROUPS, GROUP_CLASSES, CablePair, CableTest, Channels, Coalesce, Eee, Feature,
                      Features, IrqVector, Irqs, KernelLogLine, Link, Pause, Record, Rings, RxQueue,
                      SettingsGroup, Stats, TdrSample, Temperature, TxQueue, UsbDevice, UsbInfo, Wiphy)

__all__ = [
    "__version__", "NoSuchInterface", "Context", "Nic", "PciePath", "Estimate", "Throughput", "Settings", "ApplyResult",
    "CableInfo", "estimate", "report", "UNKNOWN", "PARAMS", "SETTINGS",
    "ApplyError", "Change", "Finding", "Sample", "enable_logging", "SettingValue", "CpuSet", "Record",
    "Link", "Eee", "Feature", "Features", "Stats", "Irqs", "IrqVector", "RxQueue", "TxQueue",
    "Temperature", "UsbInfo", "UsbDevice", "CableTest", "CablePair", "TdrSample", "KernelLogLine", "Wiphy",
    "SettingsGroup", "Rings", "Channels", "Coalesce", "Pause",
]

# Parameter names as the CLI spells them, in the library's order.
PARAMS: list[str] = [_c.mg_param_name(p) for p in range(_c.MG_PARAM_COUNT)]
_GROUPS = ["rings", "channels", "coalesce", "pause"]
# The parameters that are on or off. The library keeps which are flags to
# itself (tcp-data-split, a u8 too, is a number); a test checks each name.
_ON_OFF = ("tx-push", "adaptive-rx", "adaptive-tx", "cqe-mode-rx", "cqe-mode-tx", "pause-autoneg", "pause-rx",
           "pause-tx")


def _kind(name: str, group: str) -> str:
    return "flag" if name in _ON_OFF else "ring" if group == "rings" else "number"


# What each setting apply() takes, by its keyword, in the library's order:
# "number" an int from 0 to 4294967295 (never a bool); "ring" the same or
# "max" (the driver's maximum); "flag" True/False or "on"/"off"; "modes"
# "all", link modes separated by commas or a list of them; "cpus" CPUs for
# every queue or vector ("0-3", "1,3", [0, 1]; "none" for none) or a
# mapping from a queue's (vector's) number to its CPUs; "wol" the
# Wake-on-LAN modes as ethtool's letters ("g", "pumbg"; "d" or "off" for
# none). Any other keyword is a feature, a "flag".
SETTINGS: dict[str, str] = dict(
    [(_key(name), _kind(name, group)) for name, group in _PARAM_GROUPS]
    + [("eee", "flag"), ("aspm_l1", "flag"), ("advertise", "modes"), ("rps_cpus", "cpus"), ("xps_cpus", "cpus"),
       ("irq_affinity", "cpus"), ("wol", "wol")])

# What apply() takes for a setting: a number, "max", True/False or
# "on"/"off", link modes for advertise, or for features a mapping of
# feature names to True/False.
# CPUs as the kernel lists them ("0-3", "1,3", "none" for none) or as numbers ([0, 1]).
CpuSet = Union[str, Sequence[int]]
SettingValue = Union[int, str, bool, Sequence[str], Mapping[str, bool], Sequence[int], Mapping[int, CpuSet]]
_R = TypeVar("_R")

# The library logs with syslog priorities; logging has fewer levels.
_LEVELS = {0: logging.CRITICAL, 1: logging.CRITICAL, 2: logging.CRITICAL, 3: logging.ERROR,
           4: logging.WARNING, 5: logging.INFO, 6: logging.INFO, 7: logging.DEBUG}
_LOGGER = logging.getLogger("multigig")
# A library's logger prints nothing until the application configures logging.
_LOGGER.addHandler(logging.NullHandler())
_log_by_default = False


def enable_logging(enable: bool = True) -> None:
    """Send the log of every Context made from now on (that does not say
    otherwise with its ``log`` argument) to ``logging.getLogger("multigig")``,
    at the matching levels: errors at ERROR, the library's notes at INFO,
    its details at DEBUG. The library leaves out what is below the logger's
    effective level when the Context is made."""
    global _log_by_default
    _log_by_default = _args.flag(enable, "enable")


def _log_forwarder(logger: logging.Logger, context: Context) -> Callable[[int, str], None]:
    # A weak reference: the C side holds the forwarder, and must not keep the Context alive.
    owner = weakref.ref(context)

    def forward(priority: int, message: str) -> None:
        level = _LEVELS.get(priority, logging.DEBUG)
        ctx = owner()
        if not logger.isEnabledFor(level) or ctx is None:
            return
        # While the handler runs, the call that logs is not over: the Context knows.
        ctx._log_thread = threading.get_ident()
        try:
            logger.log(level, "%s", message)
        finally:
            ctx._log_thread = None
    return forward


def _log_priority(logger: logging.Logger) -> int:
    """The highest syslog priority whose level the logger lets through."""
    level = logger.getEffectiveLevel()
    return max((p for p, lv in _LEVELS.items() if lv >= level), default=0)


class NoSuchInterface(FileNotFoundError, LookupError):
    """No network interface (or adapter) by that name or address: errno
    ENODEV, with the library's message ("no network interface named
    'eth9'"). An interface that went away while watched raises it too.
    It is a ``FileNotFoundError`` (what 0.2 raised) and a ``LookupError``,
    as a missing key is."""


def _raise(rc: int, ctx_ptr: Any = None, fallback: Optional[str] = None) -> None:
    code = -rc
    message = _c.mg_ctx_last_error(ctx_ptr) if ctx_ptr is not None else ""
    message = message or fallback or os.strerror(code)
    if code == _errno.ENODEV:
        raise NoSuchInterface(code, message)
    raise OSError(code, message)  # OSError picks the subclass from errno


def _path(value: Union[str, os.PathLike[str], None], what: str) -> Optional[str]:
    return None if value is None else _arg(os.fspath(value), what)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a list's objects are made: tens
    of thousands at 2000 interfaces, none in a cycle, which it would
    otherwise go over, with everything else the process holds, many times
    while they are made."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Context:
    """A library context: a sysfs root (``None`` for the live /sys) and,
    when live, the netlink sockets of this process's network namespace.

    ``log``: True sends the library's log to ``logging.getLogger("multigig")``,
    a Logger sends it there, False sends it nowhere; None (the default)
    does as ``enable_logging()`` said.

    Threads: a call that waits (netlink, a doctor's interval, another
    apply's lock, a cable test) lets other threads run. One Context may be
    shared: its calls run one at a time, each with its own error; for calls
    at once, give each thread its own Context. Closing it from another
    thread waits for the call under way; from its own log handler, or
    within a call, it is closed when that call returns. Any other use from
    its log handler raises RuntimeError."""

    def __init__(self, sysfs_root: Union[str, os.PathLike[str], None] = None,
                 pci_dump: Union[str, os.PathLike[str], None] = None, *,
                 log: Union[bool, logging.Logger, None] = None) -> None:
        self._ptr: Any = None
        self._log: Any = None
        # One call at a time on the C context: it keeps one last error, and is not thread-safe.
        self._lock = threading.RLock()
        self._depth = 0
        self._close_pending = False
        self._log_thread: Optional[int] = None
        sysfs_root = _path(sysfs_root, "sysfs_root")
        pci_dump = _path(pci_dump, "pci_dump")
        if log is not None and not isinstance(log, (bool, logging.Logger)):
            raise TypeError("log must be True, False, None or a logging.Logger")
        self._root: Optional[str] = sysfs_root
        rc, ptr = _c.mg_ctx_new(sysfs_root)
        if rc < 0:
            _raise(rc, fallback="cannot use sysfs root %s: %s" % (sysfs_root or "/sys", os.strerror(-rc)))
        self._ptr = ptr
        self._attach_log(_LOGGER if log is True or (log is None and _log_by_default) else log or None)
        if pci_dump is not None:
            rc = _c.mg_ctx_set_pci_dump(ptr, pci_dump)
            if rc < 0:
                self.close()
                _raise(rc, fallback="cannot read PCI dump %s" % pci_dump)

    def __repr__(self) -> str:
        state = "closed" if self._ptr is None else "open"
        return "<multigig.Context %s %s>" % (repr(self._root) if self._root else "live", state)

    def _attach_log(self, logger: Optional[logging.Logger]) -> None:
        if logger is None:
            return
        # The C side holds the forwarder until close() detaches it.
        self._log = _c.mg_py_log_attach(self._ptr, _log_forwarder(logger, self))
        if self._log is None:
            self.close()
            raise MemoryError("cannot route the library's log")
        _c.mg_ctx_set_log_priority(self._ptr, _log_priority(logger))

    @property
    def _ctx(self) -> Any:
        if self._ptr is None:
            raise ValueError("the multigig context is closed")
        return self._ptr

    @contextlib.contextmanager
    def _using(self) -> Iterator[Any]:
        """The C context, for this thread alone until the block ends: other
        threads wait (their GIL released), and the block reads its own error."""
        if self._log_thread == threading.get_ident():
            raise RuntimeError("a multigig Context cannot be used from its own log handler: "
                               "the call that logs is not over")
        with self._lock:
            ptr = self._ctx
            self._depth += 1
            try:
                yield ptr
            finally:
                self._depth -= 1
                if self._depth == 0 and self._close_pending:
                    self._close_now()

    def close(self) -> None:
        """Release the context; objects read from it stay valid. Called
        while a call is under way, it waits for it (another thread) or
        takes effect when it returns (this thread, its log handler)."""
        lock = getattr(self, "_lock", None)
        if lock is None or getattr(self, "_ptr", None) is None:
            return
        if self._log_thread == threading.get_ident():
            self._close_pending = True
            return
        with lock:
            if self._depth:
                self._close_pending = True
            else:
                self._close_now()

    def _close_now(self) -> None:
        self._close_pending = False
        ptr = self._ptr
        if ptr is not None:
            # Before the reference goes: a sampler may keep the C context alive,
            # and it must not log into Python then.
            if self._log is not None:
                _c.mg_py_log_detach(ptr, self._log)
                self._log = None
            _c.mg_ctx_unref(ptr)
            self._ptr = None

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    @property
    def offline(self) -> bool:
        """True when the context replays a captured tree."""
        with self._using() as ctx:
            return bool(_c.mg_ctx_is_offline(ctx))

    @property
    def sysfs_root(self) -> str:
        with self._using() as ctx:
            return str(_c.mg_ctx_get_sysfs_root(ctx))

    def _list(self, with_: int) -> list[Nic]:
        with self._using() as ctx:
            rc, lst = _c.mg_nic_list_new_with(ctx, with_)
            if rc < 0:
                _raise(rc, ctx)
            try:
                # Every adapter's identity, and the settings and link the list
                # gathered, from one text of the library's writers parsed once.
                with _collector_paused():
                    return [Nic._listed(self, _c.mg_nic_list_get(lst, i), *parts)
                            for i, parts in enumerate(_parsed(_c.mg_py_nic_list_to_json, lst))]
            finally:
                _c.mg_nic_list_free(lst)

    def nics(self) -> list[Nic]:
        """Every adapter: interfaces, then network PCI devices with none.
        Each answers settings() and link() with a few requests of its own."""
        return self._list(0)

    def snapshot(self) -> list[Nic]:
        """Every adapter with its settings, Ethernet link, EEE, features,
        counters, interrupts, temperatures and USB path, gathered from one
        dump per kind of message however many interfaces there are; each
        Nic's settings(), link(), eee(), features(), stats(), irqs(),
        temperatures(), usb() and kernel_log() (one pass over the kernel
        log) answer from the snapshot."""
        return self._list(_c.MG_NIC_WITH_SETTINGS | _c.MG_NIC_WITH_ETHLINK | _c.MG_NIC_WITH_EEE
                          | _c.MG_NIC_WITH_FEATURES | _c.MG_NIC_WITH_STATS | _c.MG_NIC_WITH_IRQS
                          | _c.MG_NIC_WITH_TEMPERATURES | _c.MG_NIC_WITH_USB | _c.MG_NIC_WITH_KERNEL_LOG)

    def wiphys(self) -> list[Wiphy]:
        """Every Wi-Fi card nl80211 knows, as ``multigig wifi --json``: one
        split wiphy dump, the interfaces, the regulatory domain and a
        station dump per station interface. Empty without cfg80211."""
        return self._wiphys(None)

    def _wiphys(self, name: Optional[str]) -> list[Wiphy]:
        with self._using() as ctx:
            rc, lst = _c.mg_wiphy_list_new(ctx, name)
            if rc < 0:
                _raise(rc, ctx)
            try:
                text = _text(_c.mg_wiphy_list_to_json, lst)
            finally:
                _c.mg_wiphy_list_free(lst)
        return [Wiphy(d) for d in _loads(text)]

    def nic(self, name: str) -> Nic:
        """One adapter by interface name or PCI address."""
        with self._using() as ctx:
            rc, ptr = _c.mg_nic_lookup(ctx, _arg(name, "name"))
            if rc < 0:
                _raise(rc, ctx)
            try:
                return Nic(self, ptr)
            finally:
                _c.mg_nic_unref(ptr)

    def capture(self, directory: Union[str, os.PathLike[str]]) -> None:
        """Copy what the library reads into ``directory`` (see multigig capture)."""
        with self._using() as ctx:
            rc = _c.mg_ctx_capture(ctx, _arg(os.fspath(directory), "directory"))
            if rc < 0:
                _raise(rc, ctx)

    def pcie(self, target: str) -> PciePath:
        """The PCIe path of an interface or PCI address."""
        return PciePath(self, target)

    def doctor(self, target: Optional[str] = None, interval: Optional[float] = None,
               _nic: Any = None) -> list[Finding]:
        """Findings about one adapter (interface name or PCI address) or all,
        most important first: a list of Finding, each with to_dict() equal to
        one of ``multigig doctor --json``'s findings. ``interval`` (seconds)
        is the time between the two samples growth findings take: 0.01 to
        3600 (the library refuses others: ValueError), 0 or None for the
        default second."""
        with self._using() as ctx:
            report = self._doctor_report(ctx, target, interval, _nic)
            try:
                return [Finding(_c.mg_doctor_get(report, i)) for i in range(_c.mg_doctor_count(report))]
            finally:
                _c.mg_doctor_free(report)

    @staticmethod
    def _doctor_report(ctx: Any, target: Optional[str], interval: Optional[float], _nic: Any = None) -> Any:
        """The C report of the doctor on one adapter or all; the caller frees it."""
        # Converted before a reference is taken: a bad interval must not leak it.
        ms = 0 if interval is None else _milliseconds(interval)
        nic = None
        if _nic is not None:
            nic = _c.mg_nic_ref(_nic)
        elif target is not None:
            rc, nic = _c.mg_nic_lookup(ctx, _arg(target, "target"))
            if rc < 0:
                _raise(rc, ctx)
        try:
            rc, report = _c.mg_doctor_run(ctx, nic, ms)
        finally:
            if nic is not None:
                _c.mg_nic_unref(nic)
        if rc == -_errno.EINVAL and ms:
            # The library checks the interval: one out of its range is a bad value.
            raise ValueError("interval: %s" % _c.mg_ctx_last_error(ctx))
        if rc < 0:
            _raise(rc, ctx)
        return report

    def doctor_fix(self, target: Optional[str] = None, dry_run: bool = False, persist: bool = False,
                   confirm: Optional[int] = None, verify_peer: Optional[str] = None,
                   interval: Optional[float] = None) -> tuple[list[Finding], ApplyResult]:
        """The doctor, then its fixes that are settings changes applied as
        one transaction, as ``multigig doctor --fix``: every interface the
        fixes name, all or nothing. ``persist``, ``confirm`` (seconds) and
        ``verify_peer`` are as apply()'s; ``dry_run`` plans and changes
        nothing. Returns the findings (as doctor()) and the ApplyResult,
        with no change when nothing is to fix; raises ApplyError when a
        step fails (every change made is rolled back)."""
        if confirm is not None:
            _args.integer(confirm, "confirm (seconds)", 1, 3600)
        if verify_peer is not None:
            _arg(verify_peer, "verify_peer")
        flags = _c.MG_APPLY_DRY_RUN if _args.flag(dry_run, "dry_run") else 0
        persist = _args.flag(persist, "persist")
        with self._using() as ctx:
            report = self._doctor_report(ctx, target, interval)
            try:
                findings = [Finding(_c.mg_doctor_get(report, i)) for i in range(_c.mg_doctor_count(report))]
                rc, plan = _c.mg_doctor_plan(ctx, report)
            finally:
                _c.mg_doctor_free(report)
            if rc < 0:
                _raise(rc, ctx)
            try:
                if persist:
                    rc = _c.mg_plan_set_persist(plan, _c.MG_PERSIST_WRITE)
                if rc == 0 and confirm:
                    rc = _c.mg_plan_set_confirm(plan, confirm)
                if rc == 0 and verify_peer is not None:
                    rc = _c.mg_plan_set_verify_peer(plan, verify_peer)
                if rc < 0:
                    _raise(rc, ctx)
                rc, res = _c.mg_plan_apply(plan, flags)
            finally:
                _c.mg_plan_free(plan)
            try:
                if rc < 0:
                    raise ApplyError._from(rc, ctx, ApplyResult(res))
                return findings, ApplyResult(res)
            finally:
                _c.mg_apply_result_free(res)

    def _prometheus(self, all_adapters: bool) -> str:
        """The library's Prometheus text exposition (multigig export)."""
        with self._using() as ctx:
            rc, text = _c.mg_prometheus_write(ctx, None, _c.MG_PROMETHEUS_ALL if all_adapters else 0)
            if rc < 0:
                _raise(rc, ctx)
            return cast(str, text)

    def throughput(self, target: str, _nic: Any = None) -> Throughput:
        """What an adapter can be expected to carry and which link sets it."""
        with self._using() as ctx:
            if _nic is not None:
                nic = _c.mg_nic_ref(_nic)
            else:
                rc, nic = _c.mg_nic_lookup(ctx, _arg(target, "target"))
                if rc < 0:
                    _raise(rc, ctx)
            path = None
            try:
                if _c.mg_nic_get_bus(nic) in (_c.MG_BUS_PCI, _c.MG_BUS_USB):
                    rc, path = _c.mg_pcie_path_new_for_nic(ctx, nic)
                    if rc < 0:
                        path = None  # no path read: the verdict goes without PCIe
                return Throughput._decide(nic, path)
            finally:
                _c.mg_pcie_path_free(path)
                _c.mg_nic_unref(nic)

    def settings(self, ifname: str) -> Settings:
        """Rings, channels, coalesce, pause and MTU of a live interface."""
        return Settings.read(self, ifname)

    def apply(self, ifname: str, dry_run: bool = False, **params: SettingValue) -> ApplyResult:
        """Change settings all or nothing: ``apply("eth0", mtu=9000,
        rx_ring="max", adaptive_rx=False, eee=False, advertise="all",
        aspm_l1=False, gro=False)``. ``eee`` and ``aspm_l1`` (ASPM L1 of
        the adapter's PCIe link; needs root) take True/False or "on"/"off";
        ``advertise`` "all", a list of link modes or a string of them
        separated by commas; any other name is a feature (offload) by its
        kernel name, '_' for '-' (``rx_gro``), or a short name (gro, tso,
        sg...), taking True/False. ``features`` names offloads alone, by
        the kernel's names, so that none is taken for a setting
        (``features={"rx-gro": False}``: "tx" there is no TX channel count).
        ``rps_cpus``, ``xps_cpus`` and ``irq_affinity`` take CPUs ("0-3",
        "1,3" or [0, 1]; "none" for no CPU, RPS or XPS off; "" and [] are
        refused, as an unset variable would be) for every
        receive queue, transmit queue or interrupt vector of the adapter,
        or a mapping from a queue's number (an interrupt's) to its CPUs
        (``rps_cpus={0: "0", 1: "1"}``); each queue or vector is a change
        named "rps-cpus:rx-0", "xps-cpus:tx-1", "irq-affinity:45", whose
        values are CPU lists.
        ``wol`` takes the Wake-on-LAN modes to enable, as ethtool's letters
        ("g" for a magic packet, "pumbg"; "d" or "off" for none); the
        change is named "wol" and its values are such letters.
        ``persist=True`` also writes the settings, once made and as the
        last step of the same transaction, into libmultigig's udev .link
        file for the device in /etc/systemd/network (needs root), which
        udev applies whenever the device is added, at boot or a re-plug;
        the change is named "persist" and its values are text: "none" when
        there was no such file, else the file with the keys written
        ("/etc/systemd/network/10-multigig-name-eth0.link with
        MTUBytes=9000") or with a hash of its text ("... (text 1a2b3c4d)").
        Where NetworkManager manages the interface with a connection
        active, what its profile can carry goes there instead, a change
        per key named "nm." and the setting ("nm.mtu"), its values text
        ("none" where the profile set nothing, "9000", then
        "802-3-ethernet.mtu=9000 in 'Wired connection 1'").
        The parameters (mtu, rings, channels, coalesce, pause), wol and the
        offloads udev has keys for (gro, lro, tso, gso, rx-checksum, the
        VLAN offloads, ntuple) persist: with any other setting the apply is
        refused, ApplyError, before anything changes. ``persist()`` writes what runs now and removes
        the file.
        ``confirm=SECONDS`` keeps the changes only if ``confirm(ifname)``
        comes within that time, else they roll back, also when this process
        is gone; ``verify_peer="10.0.0.2"`` checks that the path to that
        address carries a new MTU and rolls back if not.
        SETTINGS says what each keyword takes. A bool is no number
        (``mtu=True`` raises TypeError) and ``dry_run`` is True or False,
        nothing else: a value of the wrong type raises TypeError (also a
        ValueError) naming it, before anything is asked of the library.
        Returns an ApplyResult; raises ApplyError, an OSError carrying the
        result, when any step fails (every change made is rolled back)."""
        features = cast(Optional[Mapping[str, bool]], params.pop("features", None))
        confirm = cast(Optional[int], params.pop("confirm", None))
        verify_peer = cast(Optional[str], params.pop("verify_peer", None))
        persist = _args.flag(params.pop("persist", False), "persist")
        return ApplyResult.apply(self, ifname, params, dry_run, features, confirm, verify_peer,
                                 _c.MG_PERSIST_WRITE if persist else _c.MG_PERSIST_NO)

    def persist(self, ifname: str, dry_run: bool = False, remove: bool = False) -> ApplyResult:
        """Write what the interface runs now (each parameter udev has a key
        for: MTU, rings, channels, coalesce, pause) into libmultigig's udev
        .link file for the device, as ``multigig persist IFACE`` does; with
        ``remove=True``, remove that file instead (nothing when there is
        none), as ``multigig persist IFACE --remove``. One transaction, as
        ``apply(..., persist=True)``: journaled and rolled back on failure.
        The result has one change named "persist" (see apply()), and one
        per key of a NetworkManager profile ("nm.mtu"), or none when they
        already say that (or, removing, there is nothing of libmultigig's).
        A file of that name that libmultigig did not write is left alone
        and the call refused (ApplyError)."""
        how = _c.MG_PERSIST_REMOVE if _args.flag(remove, "remove") else _c.MG_PERSIST_WRITE
        return ApplyResult.apply(self, ifname, {}, dry_run, persist=how)

    def persist_status(self, ifname: str) -> dict[str, Any]:
        """What persists of the interface's settings, as ``multigig --json
        persist IFACE --status``: ``file`` (the .link file udev applies at
        the device's next add, None when none can be known, ``reason`` then
        says why), ``ours`` (libmultigig wrote it), ``connection`` (the
        NetworkManager connection active on it, whose profile NM applies at
        every activation; None, with ``connection_reason``, when there is
        none), and ``settings``, one dict per setting the file or the
        profile, ifupdown's iface stanza or systemd-networkd's .network file
        carries: ``setting``, ``engine`` ("udev", "ifupdown",
        "systemd-networkd" or "NetworkManager"), ``source`` (the file, or
        the connection's name), ``key``, ``persisted`` (the value there),
        ``running`` (None when the driver does not report it), ``drift``
        (the next add, ifup or activation changes it) and ``conflict``
        (another engine carries another value; the later one lasts).
        See mg_persist_status_read()."""
        with self._using() as ctx:
            rc, status = _c.mg_persist_status_read(ctx, _arg(ifname, "ifname"))
            if rc < 0:
                _raise(rc, ctx)
            try:
                return cast(dict[str, Any], _parsed(_c.mg_persist_status_to_json, status))
            finally:
                _c.mg_persist_status_free(status)

    def confirm(self, ifname: str) -> None:
        """Keep the changes made with ``apply(..., confirm=SECONDS)``, which
        otherwise roll back when their window ends (see mg_plan_set_confirm)."""
        with self._using() as ctx:
            rc = _c.mg_settings_confirm(ctx, _arg(ifname, "ifname"))
            if rc < 0:
                _raise(rc, ctx)

    @contextlib.contextmanager
    def tuned(self, ifname: str, **params: SettingValue) -> Iterator[ApplyResult]:
        """Apply settings for the ``with`` block and restore the previous
        values on exit, also when the block raises: one transaction, as
        mg_settings_undo(), that puts back each value still holding what
        the block's apply set and leaves one another writer changed since.
        The undo journal stays for the whole block, held by this process:
        killed inside it (kill -9 too), ``rollback()`` from any process puts
        the values back. (``aspm_l1``: turning L1 off turns its L1
        substates off too; the exit turns them back on.) ``persist`` is
        refused (ValueError): what the block sets is not to outlive it."""
        if "persist" in params:
            raise ValueError("persist: tuned() puts the values back when the block ends; "
                             "apply(..., persist=True) writes settings that are to stay")
        features = cast(Optional[Mapping[str, bool]], params.pop("features", None))
        result, done = ApplyResult._apply(self, ifname, params, False, features, hold=True)
        try:
            yield result
        finally:
            try:
                ApplyResult.undo(self, done)
            finally:
                _c.mg_apply_result_free(done)

    def rollback(self, ifname: str, dry_run: bool = False) -> Optional[ApplyResult]:
        """Undo an apply that was interrupted (its process was killed midway):
        restore each value its journal recorded that still holds what that
        apply set. Returns an ApplyResult, whose changes go from the value
        found to the value restored and whose ``left`` names the values
        another writer changed since; None when nothing awaits a rollback."""
        return ApplyResult.rollback(self, ifname, dry_run)

    def interrupted(self, ifname: str) -> bool:
        """Whether an apply to the interface was interrupted and awaits
        rollback(); apply() refuses the interface until then."""
        with self._using() as ctx:
            rc = _c.mg_settings_journal_pending(ctx, _arg(ifname, "ifname"))
            if rc < 0:
                _raise(rc, ctx)
            return bool(rc)

    def cable(self, ifname: str) -> CableInfo:
        """Whether an interface can test its cable; never runs a test."""
        return CableInfo(self, ifname)

    def cable_test(self, ifname: str, yes: bool = False, tdr: bool = False, timeout_ms: int = 0) -> CableTest:
        """Run a cable test (the link goes down for seconds: pass yes=True)."""
        flags = ((_c.MG_CABLE_TEST_LINK_GOES_DOWN if _args.flag(yes, "yes") else 0)
                 | (_c.MG_CABLE_TEST_TDR if _args.flag(tdr, "tdr") else 0))
        timeout_ms = _args.integer(timeout_ms, "timeout_ms", 0, 0x7FFFFFFF)
        with self._using() as ctx:
            rc, res = _c.mg_cable_test_run(ctx, _arg(ifname, "ifname"), flags, timeout_ms)
            if rc < 0:
                _raise(rc, ctx)
            try:
                return CableTest(ifname, res, tdr)
            finally:
                _c.mg_cable_result_free(res)


# The largest interval C takes below MG_DOCTOR_NO_SAMPLE; the library says which it accepts.
_MS_MAX = 0xFFFFFFFE


def _milliseconds(seconds: float) -> int:
    """Seconds as the library's milliseconds; whether the library accepts
    them is its own check (mg_doctor_run() gives -EINVAL)."""
    seconds = _args.seconds(seconds, "interval")
    # Above 0 stays above 0 (0 is the default), so that the library sees what it refuses.
    return 0 if seconds == 0 else max(1, min(int(round(seconds * 1000)), _MS_MAX))


class Nic:
    """One network adapter, as read when the object was made.

    Attributes are named like the CLI's JSON keys: name, ifindex, kind, bus,
    address, vendor_id, device_id ("0x10ec"), vendor, device, driver,
    driver_version, firmware_version, has_driver, mtu, min_mtu, max_mtu,
    operstate, carrier, speed_mbps, mac, and parent, subsystem_vendor_id,
    subsystem_device_id, subsystem, revision, class_code, usb_speed_mbps.
    """

    _LIST_KEYS = ["name", "ifindex", "kind", "bus", "address", "vendor_id", "device_id", "vendor",
                  "device", "driver", "driver_version", "firmware_version", "has_driver", "mtu",
                  "min_mtu", "max_mtu", "operstate", "carrier", "speed_mbps", "mac"]
    _DETAIL_KEYS = ["parent", "subsystem_vendor_id", "subsystem_device_id", "subsystem", "revision",
                    "class", "usb_speed_mbps", "chip", "chip_driver", "chip_since_kernel",
                    "chip_max_mbps", "kernel_modules"]

    name: Optional[str]
    ifindex: Optional[int]
    kind: Optional[str]
    bus: str
    address: Optional[str]
    vendor_id: Optional[str]
    device_id: Optional[str]
    vendor: Optional[str]
    device: Optional[str]
    driver: Optional[str]
    driver_version: Optional[str]
    firmware_version: Optional[str]
    has_driver: bool
    mtu: Optional[int]
    min_mtu: Optional[int]
    max_mtu: Optional[int]
    operstate: Optional[str]
    carrier: Optional[bool]
    speed_mbps: Optional[int]
    mac: Optional[str]
    parent: Optional[str]
    subsystem_vendor_id: Optional[str]
    subsystem_device_id: Optional[str]
    subsystem: Optional[str]
    revision: Optional[str]
    class_code: Optional[str]
    usb_speed_mbps: Optional[int]
    chip: Optional[str]
    chip_driver: Optional[str]
    chip_since_kernel: Optional[str]
    chip_max_mbps: Optional[int]
    kernel_modules: Optional[list[str]]

    # What a list parsed of the settings and link it gathered, until
    # settings() and link() take it (the first call of each).
    _settings_doc: Optional[dict[str, Any]] = None
    _link_doc: Optional[dict[str, Any]] = None

    def __init__(self, context: Context, ptr: Any) -> None:
        # Every attribute from one call of the library's writer: show's identity keys.
        self._made(context, ptr, _parsed(_c.mg_nic_to_json, ptr, flags=_c.MG_JSON_DETAIL))

    def _made(self, context: Context, ptr: Any, identity: dict[str, Any]) -> None:
        self._context = context
        # The C object answers settings(), link() and pcie() without a new look-up.
        self._ptr = _c.mg_nic_ref(ptr)
        vars(self).update(identity)
        self.class_code = vars(self).pop("class")

    @classmethod
    def _listed(cls, context: Context, ptr: Any, identity: dict[str, Any],
                settings: Optional[dict[str, Any]], link: Optional[dict[str, Any]]) -> Nic:
        """One adapter of a list, from the list's text parsed (mg_py_nic_list_to_json)."""
        nic = cls.__new__(cls)
        nic._made(context, ptr, identity)
        if settings is not None:
            nic._settings_doc = settings
        if link is not None:
            nic._link_doc = link
        return nic

    def __del__(self) -> None:
        if getattr(self, "_ptr", None) is not None:
            _c.mg_nic_unref(self._ptr)
            self._ptr = None

    def __repr__(self) -> str:
        return "<multigig.Nic %s %s %s>" % (self.name or "-", self.bus, self.address or "")

    # The attributes of those keys, read at once.
    _LIST_GET = operator.attrgetter(*_LIST_KEYS)
    _DETAIL_GET = operator.attrgetter(*(_LIST_KEYS + ["class_code" if k == "class" else k for k in _DETAIL_KEYS]))

    def to_dict(self, detail: bool = False) -> dict[str, Any]:
        """The CLI's ``list --json`` object; with detail, ``show --json``'s
        identity keys too."""
        if _args.flag(detail, "detail"):
            return dict(zip(self._LIST_KEYS + self._DETAIL_KEYS, self._DETAIL_GET(self)))
        return dict(zip(self._LIST_KEYS, self._LIST_GET(self)))

    def _target(self) -> str:
        return cast(str, self.name or self.address)

    def pcie(self) -> PciePath:
        """The PCIe path from this device to its root port."""
        return PciePath(self._context, self._target(), self._ptr)

    def watch(self, interval: float = 1.0, count: Optional[int] = None) -> Iterator[Sample]:
        """A generator of Sample, one per ``interval`` seconds (``count`` of
        them, or until the caller stops): rates against the ceiling, as
        ``multigig watch --json``."""
        interval = _args.seconds(interval, "interval")
        if not 0 < interval <= 3600:
            raise ValueError("interval: seconds above 0, at most 3600, not %r" % (interval,))
        if count is not None:
            count = _args.integer(count, "count", 0)
        return _watch(self, interval, count)

    def doctor(self, interval: Optional[float] = None) -> list[Finding]:
        """The doctor's findings about this adapter (see Context.doctor)."""
        return self._context.doctor(self._target(), interval, _nic=self._ptr)

    def throughput(self) -> Throughput:
        """The library's verdict: expected goodput per direction and what limits it."""
        return self._context.throughput(self._target(), _nic=self._ptr)

    def wifi(self) -> Optional[Wiphy]:
        """The Wi-Fi card behind a Wi-Fi interface (kind "wifi"), with this
        interface's link; None for other adapters."""
        if self.kind != "wifi" or not self.name:
            return None
        found = self._context._wiphys(self.name)
        return found[0] if found else None

    def settings(self) -> Settings:
        """Rings, channels, coalesce, pause and MTU: from the snapshot when
        this Nic came from Context.snapshot(), else read now (five requests)."""
        held = _c.mg_nic_get_settings(self._ptr)
        if held is not None:
            # Taken in one step: two threads never share it.
            doc = vars(self).pop("_settings_doc", None)
            if doc is not None:
                return Settings._from_parsed(held, doc, self._settings_text)
            return Settings._from_ptr(held)
        return Settings.read_for_nic(self._context, self._ptr)

    def _settings_text(self) -> str:
        return _text(_c.mg_settings_to_json, _c.mg_nic_get_settings(self._ptr))

    def _link_text(self) -> str:
        return _text(_c.mg_ethlink_to_json, _c.mg_nic_get_ethlink(self._ptr))

    def rings(self) -> Rings:
        return self.settings().rings

    def channels(self) -> Channels:
        return self.settings().channels

    def coalesce(self) -> Coalesce:
        return self.settings().coalesce

    def pause(self) -> Pause:
        return self.settings().pause

    def _held_or_read(self, held: Any, read: Any, free: Any, convert: Callable[[Any], _R],
                      absent: Optional[int] = None) -> Optional[_R]:
        """From the snapshot when this Nic came from one, else read now;
        None when the read fails with ``absent`` (a capture without it)."""
        if held is not None:
            return convert(held)
        with self._context._using() as ctx:
            rc, obj = read(ctx, self._ptr)
            if absent is not None and rc == -absent:
                return None
            if rc < 0:
                _raise(rc, ctx)
            try:
                return convert(obj)
            finally:
                free(obj)

    def link(self) -> Link:
        """Speed, duplex, modes and state of the Ethernet link (CLI key
        "link"): from the snapshot when this Nic came from one, else read now."""
        held = _c.mg_nic_get_ethlink(self._ptr)
        if held is not None:
            doc = vars(self).pop("_link_doc", None)
            if doc is not None:
                return Link._from_parsed(doc, self._link_text)
        return cast(Link, self._held_or_read(held, _c.mg_ethlink_read_for_nic, _c.mg_ethlink_free, Link))

    def eee(self) -> Optional[Eee]:
        """Energy-Efficient Ethernet (CLI key "eee"): supported, enabled,
        active, tx_lpi_enabled, tx_lpi_timer_us and the modes; for a driver
        without EEE supported is False and error says why. From the
        snapshot when this Nic came from one, else read now; None for a
        capture without it."""
        return self._held_or_read(_c.mg_nic_get_eee(self._ptr), _c.mg_eee_read_for_nic, _c.mg_eee_free, Eee,
                                  _errno.ENODATA)

    def features(self) -> Optional[Features]:
        """Offloads (CLI key "features"), by kernel name: each with
        active, wanted and fixed. From the snapshot when this Nic came from
        one, else read now; None for a capture without them."""
        return self._held_or_read(_c.mg_nic_get_features(self._ptr), _c.mg_features_read_for_nic,
                                  _c.mg_features_free, Features, _errno.ENODATA)

    def cable(self) -> CableInfo:
        """Whether this adapter can test its cable; never runs a test."""
        return CableInfo(self._context, self.name, self._ptr)

    def stats(self) -> Optional[Stats]:
        """Counters (CLI key "stats"): the link's, the standard ethtool
        groups and the driver's own; None for an adapter without interface."""
        if self.name is None:
            return None
        return self._held_or_read(_c.mg_nic_get_stats(self._ptr), _c.mg_stats_read_for_nic,
                                  _c.mg_stats_free, Stats)

    def irqs(self) -> Irqs:
        """Interrupt vectors, their per-CPU counts and affinity, and the
        queues' CPU masks (CLI key "irqs")."""
        return cast(Irqs, self._held_or_read(_c.mg_nic_get_irqs(self._ptr), _c.mg_irqs_read_for_nic,
                                             _c.mg_irqs_free, Irqs))

    def temperatures(self) -> list[Temperature]:
        """The adapter's hwmon temperature sensors (CLI key "temperatures")."""
        return cast("list[Temperature]", self._held_or_read(_c.mg_nic_get_temps(self._ptr), _c.mg_temps_read_for_nic,
                                                           _c.mg_temps_free, Temperature.read_all))

    def _kernel_log(self) -> tuple[Optional[list[KernelLogLine]], Optional[str]]:
        def convert(ptr: Any) -> tuple[Optional[list[KernelLogLine]], Optional[str]]:
            return KernelLogLine.read_all(ptr), _c.mg_kernel_log_get_unknown_reason(ptr)

        return cast("tuple[Optional[list[KernelLogLine]], Optional[str]]",
                    self._held_or_read(_c.mg_nic_get_kernel_log(self._ptr), _c.mg_kernel_log_read_for_nic,
                                       _c.mg_kernel_log_free, convert))

    def kernel_log(self) -> Optional[list[KernelLogLine]]:
        """The kernel log's recognised lines about this adapter, oldest
        first (CLI key "kernel_log"): one pass over /dev/kmsg, or what a
        capture kept. None when the log cannot be read: kernel_log_unknown()
        says why (CAP_SYSLOG under kernel.dmesg_restrict=1, a capture
        without it)."""
        return self._kernel_log()[0]

    def kernel_log_unknown(self) -> Optional[str]:
        """Why the kernel log could not be read (CLI key
        "kernel_log_unknown"); None when it was."""
        return self._kernel_log()[1]

    def usb(self) -> Optional[UsbInfo]:
        """A USB adapter's bus ceiling and place on the bus (CLI key "usb");
        None for other adapters."""
        if self.bus != "usb":
            return None
        # The verdict whose bus ceiling opens the object: a USB adapter has no PCIe path.
        rc, tp = _c.mg_throughput_new(self._ptr, None)
        if rc < 0:
            _raise(rc)
        try:
            return self._held_or_read(_c.mg_nic_get_usb_info(self._ptr), _c.mg_usb_info_read_for_nic,
                                      _c.mg_usb_info_free, lambda ptr: UsbInfo(ptr, tp))
        finally:
            _c.mg_throughput_free(tp)


class Estimate:
    """Throughput ceilings per direction; to_dict() is ``multigig estimate --json``."""

    pcie_available_gbps: float
    link_data_rate_gbps: float
    rx_ceiling_gbps: float
    tx_ceiling_gbps: float
    ethernet_ceiling_gbps: Optional[float]
    expected_rx_gbps: float
    expected_tx_gbps: float
    limited_by_rx: Optional[str]
    limited_by_tx: Optional[str]
    limited_by: Optional[str]

    def __init__(self, ptr: Any) -> None:
        self.pcie_available_gbps = _c.mg_estimate_get_pcie_available_gbps(ptr)
        self.link_data_rate_gbps = _c.mg_estimate_get_link_data_rate_gbps(ptr)
        self.rx_ceiling_gbps = _c.mg_estimate_get_rx_ceiling_gbps(ptr)
        self.tx_ceiling_gbps = _c.mg_estimate_get_tx_ceiling_gbps(ptr)
        eth = _c.mg_estimate_get_ethernet_ceiling_gbps(ptr)
        self.ethernet_ceiling_gbps = eth if eth >= 0 else None
        self.expected_rx_gbps = _c.mg_estimate_get_expected_rx_gbps(ptr)
        self.expected_tx_gbps = _c.mg_estimate_get_expected_tx_gbps(ptr)
        self.limited_by_rx = _limit(_c.mg_estimate_get_limited_by(ptr, _c.MG_DIRECTION_RX))
        self.limited_by_tx = _limit(_c.mg_estimate_get_limited_by(ptr, _c.MG_DIRECTION_TX))
        self.limited_by = _limit(_c.mg_estimate_get_overall_limit(ptr))
        # The attributes keep the model's full precision; the JSON has three decimals.
        self._json = _text(_c.mg_estimate_to_json, ptr)

    def __repr__(self) -> str:
        return "<multigig.Estimate %r>" % (self.to_dict(),)

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


# estimate()'s arguments, in the order the library's inputs are set.
_ESTIMATE_INPUTS = [
    ("pcie_gen", _c.MG_ESTIMATE_PCIE_GEN), ("pcie_width", _c.MG_ESTIMATE_PCIE_WIDTH),
    ("mps", _c.MG_ESTIMATE_MPS), ("mrrs", _c.MG_ESTIMATE_MRRS),
    ("completion", _c.MG_ESTIMATE_COMPLETION), ("header", _c.MG_ESTIMATE_HEADER_DW),
    ("mtu", _c.MG_ESTIMATE_MTU), ("link_mbps", _c.MG_ESTIMATE_LINK_MBPS),
]


def estimate(pcie_gen: int, pcie_width: int, mps: int, mtu: int, link_mbps: int, mrrs: Optional[int] = None,
             completion: Optional[int] = None, header: Union[str, int] = "4dw") -> Estimate:
    """Model the TCP goodput ceilings of a link you describe (multigig estimate).
    A value the model refuses raises OSError(EINVAL) naming the argument."""
    header_dw = {"3dw": 3, "4dw": 4}.get(header) if isinstance(header, str) else _args.integer(header, "header")
    if header_dw not in (3, 4):
        raise ValueError("header must be '3dw' or '4dw', not %r" % (header,))
    values = {"pcie_gen": pcie_gen, "pcie_width": pcie_width, "mps": mps,
              "mrrs": UNKNOWN if mrrs is None else mrrs, "completion": 0 if completion is None else completion,
              "header": header_dw, "mtu": mtu, "link_mbps": link_mbps}
    # C takes an int: a bool, a float or a str is refused here, a number past an int is the library's to refuse.
    inputs = {name: _args.integer(v, name) for name, v in values.items()}
    rc, params = _c.mg_estimate_params_new()
    if rc < 0:
        _raise(rc)
    try:
        for name, which in _ESTIMATE_INPUTS:
            if _c.mg_estimate_params_set(params, which, inputs[name]) < 0:
                raise OSError(_errno.EINVAL, "%s: %s" % (name, _c.mg_estimate_params_get_error(params)))
        rc, ptr = _c.mg_estimate_new(params)
        if rc < 0:
            _raise(rc, fallback=_c.mg_estimate_params_get_error(params))
    finally:
        _c.mg_estimate_params_free(params)
    try:
        return Estimate(ptr)
    finally:
        _c.mg_estimate_free(ptr)


class Throughput:
    """What an adapter can be expected to carry, as the library decides it:
    to_dict() is ``multigig show --json``'s "throughput"; ``usb`` is the bus
    ceiling its "usb" opens with (Nic.usb() has the whole object) and
    ``ceilings`` the PCIe estimate (``multigig pcie``'s)."""

    _KEYS = ["line_rate_mbps", "mtu", "expected_rx_gbps", "expected_tx_gbps", "limited_by",
             "limited_by_rx", "limited_by_tx", "lower_bound"]

    line_rate_mbps: Optional[int]
    mtu: Optional[int]
    expected_rx_gbps: Optional[float]
    expected_tx_gbps: Optional[float]
    limited_by: Optional[str]
    limited_by_rx: Optional[str]
    limited_by_tx: Optional[str]
    lower_bound: bool
    ceilings: Optional[dict[str, Any]]
    usb: Optional[dict[str, Any]]

    def __init__(self, ptr: Any) -> None:
        self._json = _text(_c.mg_throughput_to_json, ptr)
        vars(self).update(_loads(self._json))
        est = _c.mg_throughput_get_estimate(ptr)
        self.ceilings = _parsed(_c.mg_estimate_to_json, est) if est is not None else None
        # The bus ceiling alone: the USB path's writer without the path.
        self.usb = _parsed(_c.mg_usb_info_to_json, None, ptr)

    @classmethod
    def _decide(cls, nic: Any, path: Any) -> Throughput:
        rc, ptr = _c.mg_throughput_new(nic, path)
        if rc < 0:
            _raise(rc)
        try:
            return cls(ptr)
        finally:
            _c.mg_throughput_free(ptr)

    def __repr__(self) -> str:
        return "<multigig.Throughput %r>" % (self.to_dict(),)

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


class PciePath:
    """The functions from a device up to its root port; to_dict() is
    ``multigig pcie --json``. ``throughput`` is the library's verdict for
    the adapter, with the PCIe ceilings it used in ``ceilings``."""

    address: Optional[str]
    path: list[dict[str, Any]]
    limit: Optional[dict[str, Any]]
    board: Optional[str]
    advice: Optional[str]
    aspm_policy: Optional[str]
    throughput: Throughput
    ceilings: Optional[dict[str, Any]]
    lower_bound: bool

    def __init__(self, context: Context, target: str, nic: Any = None) -> None:
        _arg(target, "target")
        with context._using() as ctx:
            # The adapter (looked up once, or the caller's), and its path from its address.
            if nic is not None:
                nic = _c.mg_nic_ref(nic)
            else:
                rc, nic = _c.mg_nic_lookup(ctx, target)
                if rc < 0:
                    nic = None  # a PCI function that is not an adapter, such as a port
            try:
                if nic is not None and _c.mg_nic_get_bus(nic) in (_c.MG_BUS_PCI, _c.MG_BUS_USB):
                    rc, path = _c.mg_pcie_path_new_for_nic(ctx, nic)
                else:
                    rc, path = _c.mg_pcie_path_new(ctx, target)
                if rc < 0:
                    _raise(rc, ctx)
                try:
                    self._read(nic, path)
                except BaseException:
                    _c.mg_pcie_path_free(path)
                    raise
                # Kept for to_svg(), which draws this snapshot.
                self._context, self._path = context, path
                self._nic = _c.mg_nic_ref(nic) if nic is not None else None
            finally:
                if nic is not None:
                    _c.mg_nic_unref(nic)

    def _read(self, nic: Any, path: Any) -> None:
        """The path's JSON and the verdict made from it: attributes and to_dict()."""
        rc, tp = _c.mg_throughput_new(nic, path)
        if rc < 0:
            _raise(rc)
        try:
            self._json = _text(_c.mg_pcie_path_to_json, path, tp)
            self.throughput = Throughput(tp)
        finally:
            _c.mg_throughput_free(tp)
        vars(self).update(_loads(self._json))

    def __del__(self) -> None:
        if getattr(self, "_path", None) is not None:
            _c.mg_pcie_path_free(self._path)
            self._path = None
        if getattr(self, "_nic", None) is not None:
            _c.mg_nic_unref(self._nic)
            self._nic = None

    def to_svg(self) -> str:
        """The path drawn as an SVG document (a str): the same bytes as
        ``multigig pcie TARGET --svg``. Chip names are looked up in the
        context, so it must still be open."""
        return _pictures.pcie_svg(self._context, self._path, self._nic)

    def __repr__(self) -> str:
        hops = self.to_dict().get("path") or []
        limit = self.to_dict().get("limit") or {}
        return "<multigig.PciePath %s, %d hops, limit %s>" % (
            hops[0]["address"] if hops else "-", len(hops), limit.get("address") or "unknown")

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


class Settings:
    """Parameter values of one interface, by CLI name with '_' ("rx_ring"):
    ``values`` (None where the driver reports none), ``maxima``, and
    ``errors`` by group (None for a group read). ``rings``, ``channels``,
    ``coalesce`` and ``pause`` are the groups as objects."""

    def __init__(self, ifname: str, values: dict[str, Optional[int]], maxima: dict[str, int],
                 errors: dict[str, Optional[str]]) -> None:
        self.ifname = ifname
        self._values: Optional[dict[str, Optional[int]]] = values
        self._maxima: Optional[dict[str, int]] = maxima
        self._errors: Optional[dict[str, Optional[str]]] = errors
        # Whether read from the library: its JSON is then to_dict(). The
        # text (_source writes it when it came parsed), that parsed and
        # held by no one else yet (a snapshot's), and that parsed for the
        # groups and values.
        self._library = False
        self._json: Optional[str] = None
        self._source: Optional[Callable[[], str]] = None
        self._pending: Optional[dict[str, Any]] = None
        self._doc: Optional[dict[str, Any]] = None
        self._mtu_max: Optional[int] = None

    @classmethod
    def _from_ptr(cls, ptr: Any) -> Settings:
        """From one call of the library's writer. ``values``, ``maxima`` and
        ``errors`` are worked out from its JSON when first asked for: a
        snapshot's to_dict() of thousands needs none of them."""
        s = cls._of_library(ptr)
        s._json = _text(_c.mg_settings_to_json, ptr)
        return s

    @classmethod
    def _from_parsed(cls, ptr: Any, doc: dict[str, Any], source: Callable[[], str]) -> Settings:
        """The same from the library's JSON parsed with a snapshot's;
        ``source`` writes the text again."""
        s = cls._of_library(ptr)
        s._pending = doc
        s._source = source
        return s

    @classmethod
    def _of_library(cls, ptr: Any) -> Settings:
        s = cls.__new__(cls)
        s.ifname = _c.mg_settings_get_ifname(ptr)
        s._values = s._maxima = s._errors = None
        s._library = True
        s._json = s._source = s._pending = s._doc = None
        # The one maximum the JSON leaves out (the MTU's is the interface's max_mtu).
        rc, m = _c.mg_settings_get_max(ptr, _c.MG_PARAM_MTU)
        s._mtu_max = m if rc == 0 else None
        return s

    def _library_doc(self) -> dict[str, Any]:
        """The library's JSON of the settings, parsed, and held by no one else."""
        return _taken_doc(self)

    def _parsed(self) -> dict[str, Any]:
        if self._doc is None:
            self._doc = self._library_doc()
        return self._doc

    def _unfold(self) -> None:
        """values, maxima and errors from the library's JSON."""
        d = self._parsed()
        values: dict[str, Optional[int]] = {}
        maxima: dict[str, int] = {}
        errors: dict[str, Optional[str]] = {"mtu": None}
        for name, group in _PARAM_GROUPS:
            key = _key(name)
            if group == "mtu":
                values[key] = d["mtu"]
                if self._mtu_max is not None:
                    maxima[key] = self._mtu_max
                continue
            values[key] = d[group].get(key)
            if key + "_max" in d[group]:
                maxima[key] = d[group][key + "_max"]
        for group in _GROUPS:
            errors[group] = d[group].get("error")
        self._values, self._maxima, self._errors = values, maxima, errors

    def _detach(self) -> None:
        """Before a caller changes values, maxima or errors: from then on
        the groups and to_dict() are worked out from them."""
        if self._library:
            if self._values is None:
                self._unfold()
            self._library = False
            self._json = self._source = self._pending = self._doc = None

    @property
    def values(self) -> dict[str, Optional[int]]:
        if self._values is None:
            self._unfold()
        return cast("dict[str, Optional[int]]", self._values)

    @values.setter
    def values(self, values: dict[str, Optional[int]]) -> None:
        self._detach()
        self._values = values

    @property
    def maxima(self) -> dict[str, int]:
        if self._maxima is None:
            self._unfold()
        return cast("dict[str, int]", self._maxima)

    @maxima.setter
    def maxima(self, maxima: dict[str, int]) -> None:
        self._detach()
        self._maxima = maxima

    @property
    def errors(self) -> dict[str, Optional[str]]:
        if self._errors is None:
            self._unfold()
        return cast("dict[str, Optional[str]]", self._errors)

    @errors.setter
    def errors(self, errors: dict[str, Optional[str]]) -> None:
        self._detach()
        self._errors = errors

    @classmethod
    def read(cls, context: Context, ifname: str) -> Settings:
        with context._using() as ctx:
            rc, ptr = _c.mg_settings_read(ctx, _arg(ifname, "ifname"))
            if rc < 0:
                _raise(rc, ctx)
            try:
                return cls._from_ptr(ptr)
            finally:
                _c.mg_settings_free(ptr)

    @classmethod
    def read_for_nic(cls, context: Context, nic_ptr: Any) -> Settings:
        with context._using() as ctx:
            rc, ptr = _c.mg_settings_read_for_nic(ctx, nic_ptr)
            if rc < 0:
                _raise(rc, ctx)
            try:
                return cls._from_ptr(ptr)
            finally:
                _c.mg_settings_free(ptr)

    @property
    def mtu(self) -> Optional[int]:
        if self._library:
            return cast(Optional[int], self._parsed()["mtu"])
        return self.values["mtu"]

    def _group(self, cls: type[_G]) -> _G:
        if self._library:
            return cls._of(self._parsed()[cls.GROUP])
        # Made from Python values: the group worked out from them.
        return cls(self.values, self.maxima, self.errors.get(cls.GROUP))

    def group(self, group: str) -> SettingsGroup:
        """One group as the CLI prints it: "rings", "channels", "coalesce"
        or "pause"."""
        if group not in GROUP_CLASSES:
            raise ValueError("no group of settings named %r" % (group,))
        return self._group(GROUP_CLASSES[group])

    @property
    def rings(self) -> Rings:
        return self._group(Rings)

    @property
    def channels(self) -> Channels:
        return self._group(Channels)

    @property
    def coalesce(self) -> Coalesce:
        return self._group(Coalesce)

    @property
    def pause(self) -> Pause:
        return self._group(Pause)

    def __repr__(self) -> str:
        return "<multigig.Settings %r>" % (self.to_dict(),)

    def to_dict(self) -> dict[str, Any]:
        """``name``, ``mtu`` and the four groups: the library's JSON when
        read from it."""
        if self._library:
            return self._library_doc()
        d: dict[str, Any] = {"name": self.ifname, "mtu": self.values["mtu"]}
        d.update({g: self.group(g).to_dict() for g in _GROUPS})
        return d


# What a change's value is: a number, True/False (EEE, a feature), link
# modes (advertise); None when not known.
ChangeValue = Union[int, bool, str, list[str], None]


class Change(NamedTuple):
    """One change an apply planned or made: the name ``multigig set``
    takes ("mtu", "rx-ring", "eee", "advertise", "wol" or a feature's
    kernel name, or "persist" for the .link file that ``persist=True``
    writes, "nm.mtu" for a key of a NetworkManager profile), the value
    before and the value after. A tuple, so
    ``name, old, new = change`` works."""

    name: str
    old: ChangeValue
    new: ChangeValue


# A change's fate, by enum mg_change_state.
_STATES = ["planned", "applied", "rolled_back", "left", "restore_failed"]


class ApplyResult:
    """What apply() or rollback() planned and changed: ``changes`` is a list
    of Change (name, old, new): a parameter's number, True/False for "eee",
    "aspm-l1" and for a feature (by its kernel name), lists of link modes for
    "advertise", CPU lists ("0-3", "" for none) for "rps-cpus:rx-N",
    "xps-cpus:tx-N" and "irq-affinity:N", ethtool's letters ("g", "d" for
    none) for "wol", text for "persist" (the .link file: "none", or its
    path with the keys written or its text's hash) and for "nm.*"; ``states`` gives each
    change's fate by name ("planned", "applied", "rolled_back", "left",
    "restore_failed"); ``left`` lists the names not restored because
    another writer had changed them; ``may_bounce_link`` says whether the
    driver may reset or renegotiate the link. After a failure, ``failed_group`` names the group refused,
    ``kernel_message`` is what the kernel said (None if nothing), and
    ``rolled_back`` whether every change made was undone (None when
    nothing failed), ``failed_interface`` where and ``message`` what
    happened, in one sentence. ``interfaces`` names those the transaction
    covered."""

    # What a result says when there is none (a failure before anything was planned).
    _NONE = json.dumps({"changes": [], "may_bounce_link": False, "left": [], "interfaces": [],
                        "failed_interface": None, "failed_group": None, "kernel_message": None,
                        "rolled_back": None, "message": None})

    def __init__(self, ptr: Any) -> None:
        self._json = _text(_c.mg_apply_result_to_json, ptr) if ptr is not None else self._NONE
        d = _loads(self._json)
        self.changes: list[Change] = [Change(c["param"], c["old"], c["new"]) for c in d["changes"]]
        self.states: dict[str, str] = {c["param"]: c["state"] for c in d["changes"]}
        self.left: list[str] = d["left"]
        self.may_bounce_link: bool = d["may_bounce_link"]
        self.failed_group: Optional[str] = d["failed_group"]
        self.kernel_message: Optional[str] = d["kernel_message"]
        self.rolled_back: Optional[bool] = d["rolled_back"]
        self.interfaces: list[str] = [i["name"] for i in d["interfaces"]]
        self.failed_interface: Optional[str] = d["failed_interface"]
        self.message: Optional[str] = d["message"]

    @staticmethod
    def _value(key: str, kind: str, value: Any) -> int:
        """A parameter's value as C takes it, checked by its kind."""
        if kind == "flag":
            return int(_args.on_off(value, key))
        if kind == "ring" and isinstance(value, str):
            if value != "max":
                raise ValueError("%s: %r is not a number or 'max'" % (key, value))
            return cast(int, _c.MG_VALUE_MAX)
        return _args.integer(value, key, 0, 0xFFFFFFFF)

    # The steering settings and their C setters (irq_affinity takes no empty CPU list).
    _STEER = {"rps_cpus": "mg_settings_set_rps_cpus", "xps_cpus": "mg_settings_set_xps_cpus",
              "irq_affinity": "mg_settings_set_irq_affinity"}

    @staticmethod
    def _cpus(key: str, value: Any, none_ok: bool) -> str:
        """CPUs as the library takes them: a list ("0-3"), from text or numbers;
        "none" for no CPU where that is one. Empty text or an empty list is
        refused: it is more often a variable left unset than a wish to
        switch steering off."""
        if (isinstance(value, str) and not value.strip()) or (isinstance(value, Sequence) and not value):
            raise ValueError("%s: the CPU list %r is empty; %s" % (
                key, value, 'say "none" for no CPU' if none_ok else "name one CPU at least"))
        if isinstance(value, str):
            return value
        if not isinstance(value, Sequence) or isinstance(value, (bytes, bytearray)):
            raise _args.WrongType("%s: %r is not CPUs (\"0-3\", \"1,3\" or a list of numbers)" % (key, value))
        return ",".join(str(_args.integer(c, key + " CPU", 0)) for c in value)

    @staticmethod
    def _steer_error(key: str, cpus: Any, rc: int) -> ValueError:
        """What the library's refusal of CPUs for ``key`` means."""
        if rc == -_errno.ERANGE:
            return ValueError("%s: %r names a CPU past 63, which is not supported" % (key, cpus))
        if rc == -_errno.E2BIG:
            return ValueError("%s: too many at once (64 at most)" % (key,))
        at_least = " of one CPU at least" if key == "irq_affinity" else ""
        return ValueError("%s: %r is not a CPU list%s" % (key, cpus, at_least))

    @classmethod
    def _set_steer(cls, want: Any, key: str, value: Any) -> None:
        """rps_cpus, xps_cpus or irq_affinity: CPUs for all (index -1), or by queue's (vector's) number."""
        items: list[tuple[int, Any]]
        if isinstance(value, Mapping):
            items = [(_args.integer(index, key + " queue or vector", 0, 0x7FFFFFFF), cpus)
                     for index, cpus in value.items()]
        else:
            items = [(-1, value)]
        for index, cpus in items:
            rc = getattr(_c, cls._STEER[key])(want, index, cls._cpus(key, cpus, key != "irq_affinity"))
            if rc < 0:
                raise cls._steer_error(key, cpus, rc)

    @staticmethod
    def _set_advertise(want: Any, value: Any) -> None:
        """advertise: "all", link modes separated by commas, or a list of them."""
        if isinstance(value, (list, tuple)):
            if not all(isinstance(m, str) for m in value):
                raise _args.WrongType("advertise: %r is not a list of link modes" % (value,))
            value = ",".join(value)
        if not isinstance(value, str):
            raise _args.WrongType("advertise: %r is not 'all' or a list of link modes" % (value,))
        if _c.mg_settings_set_advertise(want, _arg(value, "advertise")) < 0:
            raise ValueError("bad value %r for advertise" % (value,))

    @staticmethod
    def _set_feature(want: Any, name: str, on: bool) -> None:
        """An offload by the kernel's name or a short one (gro), on or off."""
        rc = _c.mg_settings_set_feature(want, name, 1 if on else 0)
        if rc == -_errno.E2BIG:
            raise ValueError("too many features at once (64 at most)")
        if rc < 0:
            raise ValueError("%r is not a feature's name" % (name,))

    @classmethod
    def _set(cls, want: Any, key: str, value: Any) -> None:
        """One keyword of apply(), by the kind SETTINGS gives it; any other is a feature."""
        name = key.replace("_", "-")
        kind = SETTINGS.get(_key(name))
        if kind is None:
            if not isinstance(value, (bool, str)):
                raise _args.WrongType("%s: no setting of that name, so a feature, which takes True/False or "
                                      "on/off, not %r" % (key, value))
            cls._set_feature(want, name, _args.on_off(value, key))
        elif kind == "cpus":
            cls._set_steer(want, _key(name), value)
        elif kind == "modes":
            cls._set_advertise(want, value)
        elif name == "eee":
            _c.mg_settings_set_eee(want, int(_args.on_off(value, key)))
        elif name == "aspm-l1":
            _c.mg_settings_set_aspm_l1(want, int(_args.on_off(value, key)))
        elif kind == "wol":
            if not isinstance(value, str):
                raise _args.WrongType("wol: %r is not Wake-on-LAN modes as ethtool's letters" % (value,))
            if _c.mg_settings_set_wol(want, _arg(value, "wol")) < 0:
                raise ValueError("bad value %r for wol: ethtool's letters p u m b a g s f, or d for none" % (value,))
        elif _c.mg_settings_set(want, _c.mg_param_from_name(name), cls._value(key, kind, value)) < 0:
            raise ValueError("bad value %r for %s" % (value, key))

    @classmethod
    def _features(cls, want: Any, features: Mapping[str, bool]) -> None:
        """apply()'s ``features``: kernel names to True or False."""
        if not isinstance(features, Mapping):
            raise TypeError("features: a mapping of feature names to True/False")
        for name, on in features.items():
            cls._set_feature(want, _arg(name, "a feature's name"), _args.flag(on, "feature %r" % (name,)))

    @classmethod
    def _want(cls, params: Mapping[str, Any], features: Optional[Mapping[str, bool]] = None,
              persist: int = 0) -> Any:
        """The C settings object for ``params``, ``features`` and ``persist``
        (an enum mg_persist); the caller frees it."""
        rc, want = _c.mg_settings_new()
        if rc < 0:
            _raise(rc)
        try:
            if features is not None:
                cls._features(want, features)
            for key, value in params.items():
                cls._set(want, key, value)
            if persist and _c.mg_settings_set_persist(want, persist) < 0:
                raise ValueError("persist: %r is not an enum mg_persist" % (persist,))
        except BaseException:
            _c.mg_settings_free(want)
            raise
        return want

    @staticmethod
    def _plan_apply(ctx: Any, ifname: str, want: Any, flags: int, confirm: int, verify_peer: Optional[str]) -> Any:
        """A plan of one, for what a plain apply cannot ask: (rc, the C result)."""
        rc, nic = _c.mg_nic_lookup(ctx, ifname)
        if rc < 0:
            return rc, None
        rc, plan = _c.mg_plan_new(ctx)
        try:
            if rc == 0:
                rc = _c.mg_plan_add(plan, nic, want)
            if rc == 0 and confirm:
                rc = _c.mg_plan_set_confirm(plan, confirm)
            if rc == 0 and verify_peer is not None:
                rc = _c.mg_plan_set_verify_peer(plan, verify_peer)
            if rc < 0:
                return rc, None
            return _c.mg_plan_apply(plan, flags)
        finally:
            _c.mg_plan_free(plan)
            _c.mg_nic_unref(nic)

    @classmethod
    def _apply(cls, context: Context, ifname: str, params: Mapping[str, Any], dry_run: bool,
               features: Optional[Mapping[str, bool]] = None, confirm: Optional[int] = None,
               verify_peer: Optional[str] = None, hold: bool = False,
               persist: int = 0) -> tuple[ApplyResult, Any]:
        """The result, and the C result (the caller frees it) that an undo
        takes; with ``hold``, the C result holds the changes' journal until
        it is undone or freed (MG_APPLY_HOLD); ``persist`` an enum
        mg_persist."""
        _arg(ifname, "ifname")
        for key in params:
            _arg(key, "a setting's name")
        if confirm is not None:
            _args.integer(confirm, "confirm (seconds)", 1, 3600)
        if verify_peer is not None:
            _arg(verify_peer, "verify_peer")
        flags = _c.MG_APPLY_DRY_RUN if _args.flag(dry_run, "dry_run") else 0
        flags |= _c.MG_APPLY_HOLD if hold else 0
        want = cls._want(params, features, persist)
        try:
            with context._using() as ctx:
                if confirm is None and verify_peer is None:
                    rc, res = _c.mg_settings_apply(ctx, ifname, want, flags)
                else:
                    rc, res = cls._plan_apply(ctx, ifname, want, flags, confirm or 0, verify_peer)
                if rc < 0:
                    try:
                        raise ApplyError._from(rc, ctx, cls(res))
                    finally:
                        _c.mg_apply_result_free(res)
                return cls(res), res
        finally:
            _c.mg_settings_free(want)

    @classmethod
    def apply(cls, context: Context, ifname: str, params: Mapping[str, Any], dry_run: bool,
              features: Optional[Mapping[str, bool]] = None, confirm: Optional[int] = None,
              verify_peer: Optional[str] = None, persist: int = 0) -> ApplyResult:
        result, res = cls._apply(context, ifname, params, dry_run, features, confirm, verify_peer,
                                 persist=persist)
        _c.mg_apply_result_free(res)
        return result

    @classmethod
    def undo(cls, context: Context, done: Any) -> ApplyResult:
        """Put back what the C result ``done`` changed, where it still holds what was set."""
        with context._using() as ctx:
            rc, res = _c.mg_settings_undo(ctx, done, 0)
            try:
                if rc < 0:
                    raise ApplyError._from(rc, ctx, cls(res))
                return cls(res)
            finally:
                _c.mg_apply_result_free(res)

    @classmethod
    def rollback(cls, context: Context, ifname: str, dry_run: bool) -> Optional[ApplyResult]:
        with context._using() as ctx:
            flags = _c.MG_APPLY_DRY_RUN if _args.flag(dry_run, "dry_run") else 0
            rc, res = _c.mg_settings_rollback(ctx, _arg(ifname, "ifname"), flags)
            try:
                if rc == -_errno.ENOENT:
                    return None
                if rc < 0:
                    raise ApplyError._from(rc, ctx, cls(res))
                return cls(res)
            finally:
                _c.mg_apply_result_free(res)

    def __repr__(self) -> str:
        return "<multigig.ApplyResult %r>" % (self.to_dict(),)

    def to_dict(self) -> dict[str, Any]:
        """The changes (each with its state) and what a failure left: the
        library's JSON of the result."""
        return cast("dict[str, Any]", _loads(self._json))


class ApplyError(OSError):
    """A failed apply() or rollback(): an OSError with the errno and the
    library's whole message (which step failed, the kernel's words,
    whether the rollback succeeded), and the same in parts: ``result``
    (the ApplyResult, every change with its state), ``failed_group``,
    ``kernel_message``, ``rolled_back`` and ``changed`` (the changes that
    had been made before the failure). An errno that Python gives an
    OSError subclass gives a class that is both: a missing CAP_NET_ADMIN
    is an ApplyError and a PermissionError; an unknown interface a
    FileNotFoundError."""

    result: ApplyResult

    def __init__(self, code: int, message: str, result: ApplyResult) -> None:
        super().__init__(code, message)
        self.result = result

    @property
    def failed_group(self) -> Optional[str]:
        return self.result.failed_group

    @property
    def kernel_message(self) -> Optional[str]:
        return self.result.kernel_message

    @property
    def rolled_back(self) -> Optional[bool]:
        return self.result.rolled_back

    @property
    def changed(self) -> list[Change]:
        return [c for c in self.result.changes if self.result.states.get(c.name) != "planned"]

    @staticmethod
    def _from(rc: int, ctx_ptr: Any, result: ApplyResult) -> ApplyError:
        code = -rc
        message = (_c.mg_ctx_last_error(ctx_ptr) if ctx_ptr is not None else "") or os.strerror(code)
        # An unknown interface is "not found" to a Python caller, as in _raise().
        base = type(OSError(code, "")) if code != _errno.ENODEV else NoSuchInterface
        return _apply_error_class(base)(code, message, result)


_APPLY_ERRORS: dict[type[OSError], type[ApplyError]] = {OSError: ApplyError}


def _apply_error_class(base: type[OSError]) -> type[ApplyError]:
    """ApplyError, also an instance of ``base`` (PermissionError...)."""
    if base not in _APPLY_ERRORS:
        name = "Apply" + base.__name__
        _APPLY_ERRORS[base] = cast("type[ApplyError]", type(name, (ApplyError, base), {"__module__": __name__}))
    return _APPLY_ERRORS[base]


class Sample:
    """One interval of ``multigig watch``: to_dict() is one of its JSON
    lines. Rates per second; ``cpus`` and ``vectors`` as lists of dicts
    (each CPU with its share busy and in interrupts, and whether it
    services the adapter); ``cpu_bound`` names the CPU that limits the
    adapter, or is None."""

    _KEYS = ["t", "interval_s", "rx_bps", "tx_bps", "rx_pps", "tx_pps", "rx_dropped_per_s", "tx_dropped_per_s",
             "rx_errors_per_s", "tx_errors_per_s", "rx_missed_per_s", "expected_rx_gbps", "expected_tx_gbps",
             "rx_ceiling_use_pct", "tx_ceiling_use_pct", "temperature_c", "vectors", "cpus", "cpu_bound"]

    t: float
    interval_s: Optional[float]
    rx_bps: Optional[float]
    tx_bps: Optional[float]
    rx_pps: Optional[float]
    tx_pps: Optional[float]
    rx_dropped_per_s: Optional[float]
    tx_dropped_per_s: Optional[float]
    rx_errors_per_s: Optional[float]
    tx_errors_per_s: Optional[float]
    rx_missed_per_s: Optional[float]
    expected_rx_gbps: Optional[float]
    expected_tx_gbps: Optional[float]
    rx_ceiling_use_pct: Optional[float]
    tx_ceiling_use_pct: Optional[float]
    temperature_c: Optional[float]
    vectors: list[dict[str, Any]]
    cpus: list[dict[str, Any]]
    # The CPU that limits the adapter ({"cpu": 0, "irq_pct": 99.0}), or None.
    cpu_bound: Optional[dict[str, Any]]

    def __init__(self, ptr: Any, t: float) -> None:
        self._json = _text(_c.mg_sample_to_json, ptr, t)
        vars(self).update(_loads(self._json))

    def __repr__(self) -> str:
        d = self.to_dict()
        return "<multigig.Sample rx_bps=%r tx_bps=%r interval_s=%r>" % (d.get("rx_bps"), d.get("tx_bps"),
                                                                       d.get("interval_s"))

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


def _watch(nic: Nic, interval: float, count: Optional[int]) -> Iterator[Sample]:
    import time
    context = nic._context
    # The generator holds the Nic: its C object lives until the sampler has its own reference.
    with context._using() as ctx:
        rc, sampler = _c.mg_sampler_new(ctx, nic._ptr)
        if rc < 0:
            _raise(rc, ctx)
    try:
        start = nxt = time.monotonic()
        n = 0
        while count is None or n < count:
            # The next tick; ticks already past (the consumer was slow, the Context
            # busy) are skipped, not taken at once in a burst.
            nxt += interval
            late = time.monotonic() - nxt
            if late > 0:
                nxt += (int(late / interval) + 1) * interval
            time.sleep(max(0.0, nxt - time.monotonic()))
            # One sample at a time under the Context: other threads use it between samples.
            with context._using() as ctx:
                rc, sample = _c.mg_sampler_next(sampler)
                if rc < 0:
                    _raise(rc, ctx)
            try:
                yield Sample(sample, nxt - start)
            finally:
                _c.mg_sample_free(sample)
            n += 1
    finally:
        # The sampler holds a reference on the C context: dropped under the Context too.
        with contextlib.ExitStack() as stack:
            if context._ptr is not None:
                stack.enter_context(context._lock)
            _c.mg_sampler_free(sampler)


class Finding:
    """One doctor finding: id, severity, nic, title, evidence (a list of
    {"fact", "source"}), impact, impact_gbps, fix, fix_command, fixable."""

    id: str
    severity: str
    nic: Optional[str]
    title: str
    evidence: list[dict[str, Optional[str]]]
    impact: Optional[str]
    impact_gbps: Optional[float]
    fix: Optional[str]
    fix_command: Optional[str]
    fixable: bool

    def __init__(self, ptr: Any) -> None:
        self._json = _text(_c.mg_finding_to_json, ptr)
        vars(self).update(_loads(self._json))

    def __repr__(self) -> str:
        return "<multigig.Finding %s %s %s>" % (self.severity, self.nic, self.id)

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


class CableInfo:
    """Whether a NIC can test its cable; to_dict() is ``multigig cable --json``."""

    name: Optional[str]
    support: str
    reason: Optional[str]
    phy_driver: Optional[str]
    tdr: Optional[bool]

    def __init__(self, context: Context, ifname: Optional[str], nic: Any = None) -> None:
        with context._using() as ctx:
            if nic is not None:
                rc, info = _c.mg_cable_query_for_nic(ctx, nic)
            else:
                rc, info = _c.mg_cable_query(ctx, _arg(ifname, "ifname"))
            if rc < 0:
                _raise(rc, ctx)
            try:
                self._json = _text(_c.mg_cable_info_to_json, info, ifname)
            finally:
                _c.mg_cable_info_free(info)
        vars(self).update(_loads(self._json))

    def __repr__(self) -> str:
        return "<multigig.CableInfo %r>" % (self.to_dict(),)

    def to_dict(self) -> dict[str, Any]:
        return cast("dict[str, Any]", _loads(self._json))


# The HTML report and the SVG drawing (multigig report, multigig pcie --svg).
from . import pictures as _pictures  # noqa: E402
from .pictures import report  # noqa: E402
