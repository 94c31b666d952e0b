# SPDX-License-Identifier: LGPL-2.1-or-later
"""libmultigig for Python: what a multi-gigabit network adapter can really do.

    import multigig
    with multigig.Context() as ctx:
        for nic in ctx.nics():
            print(nic.name, nic.driver, nic.pcie().limit)

Every object has ``to_dict()``, giving the same data as the ``multigig`` CLI's
``--json`` output. Errors raise ``OSError`` subclasses carrying the errno and
the library's message: ``FileNotFoundError`` for an unknown interface,
``PermissionError`` without CAP_NET_ADMIN. Objects read from a context are
snapshots: they stay valid after the context is closed; methods that need the
context again raise ``ValueError`` then, and so does a str argument with an
embedded NUL character, as ``open()`` does.
"""

import contextlib
import errno as _errno
import os

from . import core as _c

__all__ = [
    "Context", "Nic", "PciePath", "Estimate", "Throughput", "Settings", "ApplyResult",
    "CableInfo", "estimate", "report", "UNKNOWN", "PARAMS",
]

UNKNOWN = _c.MG_UNKNOWN

# Parameter names as the CLI spells them, in the library's order.
PARAMS = [_c.mg_param_name(p) for p in range(_c.MG_PARAM_COUNT)]
_GROUPS = ["rings", "channels", "coalesce", "pause"]


def _raise(rc, ctx_ptr=None, fallback=None):
    code = -rc
    message = _c.mg_ctx_last_error(ctx_ptr) if ctx_ptr is not None else ""
    message = message or fallback or os.strerror(code)
    if code == _errno.ENODEV:
        # An unknown interface is "not found" to a Python caller.
        raise FileNotFoundError(code, message)
    raise OSError(code, message)  # OSError picks the subclass from errno


def _arg(value, what):
    """A str argument as C will read it. C stops at the first NUL, so a name
    with one would silently mean a shorter name: refuse it as open() does."""
    if isinstance(value, str) and "\0" in value:
        raise ValueError("embedded null character in %s" % what)
    return value


def _int(v):
    return None if v == UNKNOWN else v


def _hex(v, digits):
    return None if v == UNKNOWN else "0x%0*x" % (digits, v)


def _gbps(v):
    # Three decimals, as the CLI prints them.
    return None if v is None or v < 0 else float("%.3f" % v)


def _gts(v):
    if v < 0:
        return None
    return int(v) if v == int(v) else v


def _bool(v):
    return None if v == UNKNOWN else bool(v)


def _key(name, suffix=""):
    return name.replace("-", "_") + suffix


def _limit(v):
    return None if v == _c.MG_LIMIT_UNKNOWN else _c.mg_limit_name(v)


class Context:
    """A library context: a sysfs root (``None`` for the live /sys) and,
    when live, the netlink sockets of this process's network namespace."""

    def __init__(self, sysfs_root=None, pci_dump=None):
        _arg(sysfs_root, "sysfs_root")
        _arg(pci_dump, "pci_dump")
        rc, ptr = _c.mg_ctx_new(sysfs_root)
        if rc < 0:
            _raise(rc, fallback="cannot use sysfs root %s: %s" % (sysfs_root or "/sys", os.strerror(-rc)))
        self._ptr = ptr
        if pci_dump is not None:
            rc = _c.mg_ctx_set_pci_dump(ptr, pci_dump)
            if rc < 0:
                self.close()
                _raise(rc, fallback="cannot read PCI dump %s" % pci_dump)

    @property
    def _ctx(self):
        if self._ptr is None:
            raise ValueError("the multigig context is closed")
        return self._ptr

    def close(self):
        """Release the context; objects read from it stay valid."""
        if getattr(self, "_ptr", None) is not None:
            _c.mg_ctx_unref(self._ptr)
            self._ptr = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        self.close()

    @property
    def offline(self):
        """True when the context replays a captured tree."""
        return bool(_c.mg_ctx_is_offline(self._ctx))

    @property
    def sysfs_root(self):
        return _c.mg_ctx_get_sysfs_root(self._ctx)

    def _list(self, with_):
        rc, lst = _c.mg_nic_list_new_with(self._ctx, with_)
        if rc < 0:
            _raise(rc, self._ptr)
        try:
            return [Nic(self, _c.mg_nic_list_get(lst, i)) for i in range(_c.mg_nic_list_count(lst))]
        finally:
            _c.mg_nic_list_free(lst)

    def nics(self):
        """Every adapter: interfaces, then network PCI devices with none.
        Each answers settings() and link() with a few requests of its own."""
        return self._list(0)

    def snapshot(self):
        """Every adapter with its settings, Ethernet link, EEE, features,
        counters, interrupts, temperatures and USB path, gathered from one
        dump per kind of message however many interfaces there are; each
        Nic's settings(), link(), eee(), features(), stats(), irqs(),
        temperatures() and usb() answer from the snapshot."""
        return self._list(_c.MG_NIC_WITH_SETTINGS | _c.MG_NIC_WITH_ETHLINK | _c.MG_NIC_WITH_EEE
                          | _c.MG_NIC_WITH_FEATURES | _c.MG_NIC_WITH_STATS | _c.MG_NIC_WITH_IRQS
                          | _c.MG_NIC_WITH_TEMPERATURES | _c.MG_NIC_WITH_USB)

    def nic(self, name):
        """One adapter by interface name or PCI address."""
        rc, ptr = _c.mg_nic_lookup(self._ctx, _arg(name, "name"))
        if rc < 0:
            _raise(rc, self._ptr)
        try:
            return Nic(self, ptr)
        finally:
            _c.mg_nic_unref(ptr)

    def capture(self, directory):
        """Copy what the library reads into ``directory`` (see multigig capture)."""
        rc = _c.mg_ctx_capture(self._ctx, _arg(directory, "directory"))
        if rc < 0:
            _raise(rc, self._ptr)

    def pcie(self, target):
        """The PCIe path of an interface or PCI address."""
        return PciePath(self, target)

    def doctor(self, target=None, interval=None, _nic=None):
        """Findings about one adapter (interface name or PCI address) or all,
        most important first: a list of Finding, each with to_dict() equal to
        one of ``multigig doctor --json``'s findings. ``interval`` (seconds)
        is the time between the two samples growth findings take."""
        ctx = self._ctx
        nic = None
        if _nic is not None:
            nic = _c.mg_nic_ref(_nic)
        elif target is not None:
            rc, nic = _c.mg_nic_lookup(ctx, _arg(target, "target"))
            if rc < 0:
                _raise(rc, ctx)
        ms = 0 if interval is None else int(round(float(interval) * 1000))
        if ms < 0 or ms > 3600 * 1000:
            raise ValueError("interval: seconds from 0 to 3600")
        try:
            rc, report = _c.mg_doctor_run(ctx, nic, ms)
        finally:
            if nic is not None:
                _c.mg_nic_unref(nic)
        if rc < 0:
            _raise(rc, ctx)
        try:
            return [Finding(_c.mg_doctor_get(report, i)) for i in range(_c.mg_doctor_count(report))]
        finally:
            _c.mg_doctor_free(report)

    def throughput(self, target, _nic=None):
        """What an adapter can be expected to carry and which link sets it."""
        ctx = self._ctx
        if _nic is not None:
            nic = _c.mg_nic_ref(_nic)
        else:
            rc, nic = _c.mg_nic_lookup(ctx, _arg(target, "target"))
            if rc < 0:
                _raise(rc, ctx)
        path = None
        try:
            if _c.mg_nic_get_bus(nic) == _c.MG_BUS_PCI:
                rc, path = _c.mg_pcie_path_new_for_nic(ctx, nic)
                if rc < 0:
                    path = None  # no path read: the verdict goes without PCIe
            return Throughput._decide(nic, path)
        finally:
            _c.mg_pcie_path_free(path)
            _c.mg_nic_unref(nic)

    def settings(self, ifname):
        """Rings, channels, coalesce, pause and MTU of a live interface."""
        return Settings.read(self, ifname)

    def apply(self, ifname, dry_run=False, **params):
        """Change settings all or nothing: ``apply("eth0", mtu=9000,
        rx_ring="max", adaptive_rx=False, eee=False, advertise="all",
        aspm_l1=False, gro=False)``. ``eee`` and ``aspm_l1`` (ASPM L1 of
        the adapter's PCIe link; needs root) take True/False or "on"/"off";
        ``advertise`` "all", a list of link modes or a string of them
        separated by commas; any other name is a feature (offload) by its
        kernel name, '_' for '-' (``rx_gro``), or a short name (gro, tso,
        sg...), taking True/False.
        Returns an ApplyResult; raises OSError (with every change rolled
        back) when any step fails."""
        return ApplyResult.apply(self, ifname, params, dry_run)

    @contextlib.contextmanager
    def tuned(self, ifname, **params):
        """Apply settings for the ``with`` block and restore the previous
        values on exit, also when the block raises. (``aspm_l1``: turning
        L1 off turns its L1 substates off too; the exit turns L1 on alone.)"""
        result = self.apply(ifname, **params)
        try:
            yield result
        finally:
            previous = {name: old for name, old, _ in result.changes if old is not None and old != []}
            if previous:
                self.apply(ifname, **previous)

    def rollback(self, ifname, dry_run=False):
        """Undo an apply that was interrupted (its process was killed midway):
        restore each value its journal recorded that still holds what that
        apply set. Returns an ApplyResult, whose changes go from the value
        found to the value restored and whose ``left`` names the values
        another writer changed since; None when nothing awaits a rollback."""
        return ApplyResult.rollback(self, ifname, dry_run)

    def interrupted(self, ifname):
        """Whether an apply to the interface was interrupted and awaits
        rollback(); apply() refuses the interface until then."""
        rc = _c.mg_settings_journal_pending(self._ctx, ifname)
        if rc < 0:
            _raise(rc, self._ptr)
        return bool(rc)

    def cable(self, ifname):
        """Whether an interface can test its cable; never runs a test."""
        return CableInfo(self, ifname)

    def cable_test(self, ifname, yes=False, tdr=False, timeout_ms=0):
        """Run a cable test (the link goes down for seconds: pass yes=True)."""
        flags = (_c.MG_CABLE_TEST_LINK_GOES_DOWN if yes else 0) | (_c.MG_CABLE_TEST_TDR if tdr else 0)
        rc, res = _c.mg_cable_test_run(self._ctx, _arg(ifname, "ifname"), flags, timeout_ms)
        if rc < 0:
            _raise(rc, self._ptr)
        try:
            pairs = [{"pair": "ABCD"[p],
                      "code": _c.mg_cable_code_name(_c.mg_cable_result_get_code(res, p)),
                      "fault_length_cm": _int(_c.mg_cable_result_get_fault_length_cm(res, p))}
                     for p in range(4)]
            out = {"name": ifname, "pairs": pairs}
            if tdr:
                out["tdr"] = []
                for i in range(_c.mg_cable_result_get_tdr_count(res)):
                    _, pair, cm, mv = _c.mg_cable_result_get_tdr_sample(res, i)
                    out["tdr"].append({"pair": pair, "distance_cm": cm, "mv": mv})
            return out
        finally:
            _c.mg_cable_result_free(res)


def _link_dict(link):
    modes = {which: [_c.mg_ethlink_get_mode(link, which, i)
                     for i in range(_c.mg_ethlink_get_mode_count(link, which))]
             for which in (_c.MG_MODES_SUPPORTED, _c.MG_MODES_ADVERTISED, _c.MG_MODES_PARTNER)}
    return {
        "link": _bool(_c.mg_ethlink_get_link(link)),
        "speed_mbps": _int(_c.mg_ethlink_get_speed_mbps(link)),
        "duplex": _c.mg_ethlink_get_duplex(link),
        "autoneg": _bool(_c.mg_ethlink_get_autoneg(link)),
        "port": _c.mg_ethlink_get_port(link),
        "lanes": _int(_c.mg_ethlink_get_lanes(link)),
        "supported_modes": modes[_c.MG_MODES_SUPPORTED],
        "advertised_modes": modes[_c.MG_MODES_ADVERTISED],
        "partner_modes": modes[_c.MG_MODES_PARTNER],
        "best_common_mode": _c.mg_ethlink_get_best_common_mode(link),
        "not_advertised": [_c.mg_ethlink_get_not_advertised(link, i)
                           for i in range(_c.mg_ethlink_get_not_advertised_count(link))]
        if modes[_c.MG_MODES_SUPPORTED] else None,
        "sqi": _int(_c.mg_ethlink_get_sqi(link)),
        "sqi_max": _int(_c.mg_ethlink_get_sqi_max(link)),
        "down_reason": _c.mg_ethlink_get_ext_state(link),
        "down_subreason": _int(_c.mg_ethlink_get_ext_substate(link)),
    }


def _eee_dict(eee):
    modes = {which: [_c.mg_eee_get_mode(eee, which, i) for i in range(_c.mg_eee_get_mode_count(eee, which))]
             for which in (_c.MG_MODES_SUPPORTED, _c.MG_MODES_ADVERTISED, _c.MG_MODES_PARTNER)}
    d = {"supported": _bool(_c.mg_eee_get_supported(eee))}
    if _c.mg_eee_get_error(eee):
        d["error"] = _c.mg_eee_get_error(eee)
    d.update({
        "enabled": _bool(_c.mg_eee_get_enabled(eee)),
        "active": _bool(_c.mg_eee_get_active(eee)),
        "tx_lpi_enabled": _bool(_c.mg_eee_get_tx_lpi_enabled(eee)),
        "tx_lpi_timer_us": _int(_c.mg_eee_get_tx_lpi_timer_usecs(eee)),
        "supported_modes": modes[_c.MG_MODES_SUPPORTED],
        "advertised_modes": modes[_c.MG_MODES_ADVERTISED],
        "partner_modes": modes[_c.MG_MODES_PARTNER],
    })
    return d


def _features_dict(f):
    return {_c.mg_features_get_name(f, i): {"active": _c.mg_features_get_active(f, i) == 1,
                                            "wanted": _c.mg_features_get_wanted(f, i) == 1,
                                            "fixed": _c.mg_features_get_fixed(f, i) == 1}
            for i in range(_c.mg_features_get_count(f))}
_GROUP_KEYS = ["eth_phy", "eth_mac", "eth_ctrl", "rmon"]


def _stats_dict(s):
    """Counters as ``show --json`` gives them under "stats"."""
    d = {}
    for i in range(_c.MG_STAT_COUNT):
        rc, v = _c.mg_stats_get(s, i)
        d[_c.mg_stat_name(i)] = v if rc == 0 else None
    for g, key in enumerate(_GROUP_KEYS):
        if not _c.mg_stats_group_reported(s, g):
            d[key] = None
            continue
        group = {}
        for i in range(_c.mg_stats_group_size(g)):
            rc, v = _c.mg_stats_group_get(s, g, i)
            group[_c.mg_stats_group_counter_name(g, i)] = v if rc == 0 else None
        if g == _c.MG_STATS_RMON:
            for tx, name in ((0, "rx_histogram"), (1, "tx_histogram")):
                group[name] = []
                for i in range(_c.mg_stats_hist_count(s, tx)):
                    _, low, high, v = _c.mg_stats_hist_get(s, tx, i)
                    group[name].append({"low": low, "high": high or None, "frames": v})
        d[key] = group
    n = _c.mg_stats_driver_count(s)
    d["driver"] = None if n == UNKNOWN else {
        _c.mg_stats_driver_name(s, i): _c.mg_stats_driver_get(s, i)[1] for i in range(n)}
    return d


def _irqs_dict(r):
    """Interrupts as ``show --json`` gives them under "irqs"."""
    cpus = [_c.mg_irqs_get_cpu(r, c) for c in range(_c.mg_irqs_get_cpu_count(r))]
    vectors = []
    for i in range(_c.mg_irqs_get_count(r)):
        counts = [_c.mg_irqs_get_cpu_interrupts(r, i, c) for c in range(len(cpus))]
        counted = bool(counts) and counts[0][0] == 0
        vectors.append({
            "irq": _int(_c.mg_irqs_get_irq(r, i)),
            "name": _c.mg_irqs_get_name(r, i),
            "mode": _c.mg_irqs_get_mode(r, i),
            "per_cpu": {str(cpu): v for cpu, (_, v) in zip(cpus, counts)} if counted else None,
            "total": sum(v for _, v in counts) if counted else None,
            "affinity": _c.mg_irqs_get_affinity(r, i),
            "effective_affinity": _c.mg_irqs_get_effective_affinity(r, i),
        })

    def queues(tx, key):
        return [{"queue": _c.mg_irqs_get_queue_name(r, tx, i), key: _c.mg_irqs_get_queue_cpus(r, tx, i)}
                for i in range(_c.mg_irqs_get_queue_count(r, tx))]

    return {"online_cpus": _int(_c.mg_irqs_get_online_cpus(r)), "vectors": vectors,
            "rx_queues": queues(0, "rps_cpus"), "tx_queues": queues(1, "xps_cpus")}


def _celsius(t, i, which):
    rc, milli = _c.mg_temps_get(t, i, which)
    return milli / 1000.0 if rc == 0 else None


def _temps_list(t):
    """Sensors as ``show --json`` gives them under "temperatures"."""
    return [{"chip": _c.mg_temps_get_chip(t, i), "sensor": _c.mg_temps_get_sensor(t, i),
             "source": _c.mg_temps_get_source(t, i), "label": _c.mg_temps_get_label(t, i),
             "celsius": _celsius(t, i, _c.MG_TEMP_INPUT), "max_celsius": _celsius(t, i, _c.MG_TEMP_MAX),
             "crit_celsius": _celsius(t, i, _c.MG_TEMP_CRIT), "alarm": _bool(_c.mg_temps_get_alarm(t, i))}
            for i in range(_c.mg_temps_get_count(t))]


def _usb_device_dict(d):
    vendor, product = _c.mg_usb_device_get_vendor_id(d), _c.mg_usb_device_get_product_id(d)
    return {"device": _c.mg_usb_device_get_name(d),
            "id": None if UNKNOWN in (vendor, product) else "%04x:%04x" % (vendor, product),
            "product": _c.mg_usb_device_get_product(d),
            "speed_mbps": _int(_c.mg_usb_device_get_speed_mbps(d)),
            "usb_version": _c.mg_usb_device_get_version(d),
            "ports": _int(_c.mg_usb_device_get_port_count(d))}


def _usb_dict(u):
    """The USB facts ``show --json`` adds to its "usb" object."""
    d = _c.mg_usb_info_get_device(u)
    return {
        "device": _c.mg_usb_device_get_name(d),
        "speed_mbps": _int(_c.mg_usb_device_get_speed_mbps(d)),
        "usb_version": _c.mg_usb_device_get_version(d),
        "port_speed_mbps": _int(_c.mg_usb_info_get_port_speed_mbps(u)),
        "port_usb_version": _c.mg_usb_info_get_port_version(u),
        "driver": _c.mg_usb_info_get_driver(u),
        "interface_class": _c.mg_usb_info_get_interface_class(u),
        "generic_driver": _bool(_c.mg_usb_info_is_generic_driver(u)),
        "vendor_driver": _c.mg_usb_info_get_vendor_driver(u),
        "vendor_driver_loaded": _bool(_c.mg_usb_info_vendor_driver_loaded(u)),
        "configuration": _int(_c.mg_usb_info_get_configuration(u)),
        "configurations": _int(_c.mg_usb_info_get_configuration_count(u)),
        "hubs": [_usb_device_dict(_c.mg_usb_info_get_hub(u, i))
                 for i in range(_c.mg_usb_info_get_hub_count(u))],
        "root_hub_shared_with": [_usb_device_dict(_c.mg_usb_info_get_peer(u, i))
                                 for i in range(_c.mg_usb_info_get_peer_count(u))],
    }


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

    def __init__(self, context, ptr):
        self._context = context
        # The C object answers settings(), link() and pcie() without a new look-up.
        self._ptr = _c.mg_nic_ref(ptr)
        g = _c
        self.name = g.mg_nic_get_name(ptr)
        self.ifindex = _int(g.mg_nic_get_ifindex(ptr))
        self.kind = g.mg_nic_get_kind(ptr)
        self.bus = g.mg_bus_name(g.mg_nic_get_bus(ptr))
        self.address = g.mg_nic_get_address(ptr)
        self.vendor_id = _hex(g.mg_nic_get_vendor_id(ptr), 4)
        self.device_id = _hex(g.mg_nic_get_device_id(ptr), 4)
        self.vendor = g.mg_nic_get_vendor(ptr)
        self.device = g.mg_nic_get_device(ptr)
        self.driver = g.mg_nic_get_driver(ptr)
        self.driver_version = g.mg_nic_get_driver_version(ptr)
        self.firmware_version = g.mg_nic_get_firmware_version(ptr)
        self.has_driver = bool(g.mg_nic_has_driver(ptr))
        self.mtu = _int(g.mg_nic_get_mtu(ptr))
        self.min_mtu = _int(g.mg_nic_get_min_mtu(ptr))
        self.max_mtu = _int(g.mg_nic_get_max_mtu(ptr))
        self.operstate = g.mg_nic_get_operstate(ptr)
        self.carrier = _bool(g.mg_nic_get_carrier(ptr))
        self.speed_mbps = _int(g.mg_nic_get_speed_mbps(ptr))
        self.mac = g.mg_nic_get_mac(ptr)
        self.parent = g.mg_nic_get_parent(ptr)
        self.subsystem_vendor_id = _hex(g.mg_nic_get_subsystem_vendor_id(ptr), 4)
        self.subsystem_device_id = _hex(g.mg_nic_get_subsystem_device_id(ptr), 4)
        self.subsystem = g.mg_nic_get_subsystem(ptr)
        self.revision = _hex(g.mg_nic_get_revision(ptr), 2)
        self.class_code = _hex(g.mg_nic_get_class(ptr), 6)
        self.usb_speed_mbps = _int(g.mg_nic_get_usb_speed_mbps(ptr))
        self.chip = g.mg_nic_get_chip(ptr)
        self.chip_driver = g.mg_nic_get_chip_driver(ptr)
        self.chip_since_kernel = g.mg_nic_get_chip_since(ptr)
        self.chip_max_mbps = _int(g.mg_nic_get_chip_max_mbps(ptr))
        n = g.mg_nic_get_module_count(ptr)
        self.kernel_modules = None if n == UNKNOWN else [g.mg_nic_get_module(ptr, i) for i in range(n)]

    def __del__(self):
        if getattr(self, "_ptr", None) is not None:
            _c.mg_nic_unref(self._ptr)
            self._ptr = None

    def __repr__(self):
        return "<multigig.Nic %s %s %s>" % (self.name or "-", self.bus, self.address or "")

    def to_dict(self, detail=False):
        """The CLI's ``list --json`` object; with detail, ``show --json``'s
        identity keys too."""
        keys = self._LIST_KEYS + (self._DETAIL_KEYS if detail else [])
        return {k: getattr(self, "class_code" if k == "class" else k) for k in keys}

    def _target(self):
        return self.name or self.address

    def pcie(self):
        """The PCIe path from this device to its root port."""
        return PciePath(self._context, self._target(), self._ptr)

    def watch(self, interval=1.0, count=None):
        """A generator of Sample, one per ``interval`` seconds (``count`` of
        them, or until the caller stops): rates against the ceiling, as
        ``multigig watch --json``."""
        return _watch(self, float(interval), count)

    def doctor(self, interval=None):
        """The doctor's findings about this adapter (see Context.doctor)."""
        return self._context.doctor(self._target(), interval, _nic=self._ptr)

    def throughput(self):
        """The library's verdict: expected goodput per direction and what limits it."""
        return self._context.throughput(self._target(), _nic=self._ptr)

    def settings(self):
        """Rings, channels, coalesce, pause and MTU: from the snapshot when
        this Nic came from Context.snapshot(), else read now (five requests)."""
        held = _c.mg_nic_get_settings(self._ptr)
        if held is not None:
            return Settings._from_ptr(held)
        return Settings.read_for_nic(self._context, self._ptr)

    def rings(self):
        return self.settings().group("rings")

    def channels(self):
        return self.settings().group("channels")

    def coalesce(self):
        return self.settings().group("coalesce")

    def pause(self):
        return self.settings().group("pause")

    def link(self):
        """Speed, duplex, modes and state of the Ethernet link (CLI key
        "link"): from the snapshot when this Nic came from one, else read now."""
        held = _c.mg_nic_get_ethlink(self._ptr)
        if held is not None:
            return _link_dict(held)
        ctx = self._context._ctx
        rc, link = _c.mg_ethlink_read_for_nic(ctx, self._ptr)
        if rc < 0:
            _raise(rc, ctx)
        try:
            return _link_dict(link)
        finally:
            _c.mg_ethlink_free(link)

    def _held_or_read(self, held, read, to_dict, free):
        if held is not None:
            return to_dict(held)
        ctx = self._context._ctx
        rc, obj = read(ctx, self._ptr)
        if rc == -_errno.ENODATA:
            return None  # a capture that did not record it
        if rc < 0:
            _raise(rc, ctx)
        try:
            return to_dict(obj)
        finally:
            free(obj)

    def eee(self):
        """Energy-Efficient Ethernet (CLI key "eee"): supported, enabled,
        active, tx_lpi_enabled, tx_lpi_timer_us and the modes; for a driver
        without EEE {"supported": False, "error": ...}. From the snapshot
        when this Nic came from one, else read now; None for a capture
        without it."""
        return self._held_or_read(_c.mg_nic_get_eee(self._ptr), _c.mg_eee_read_for_nic, _eee_dict,
                                  _c.mg_eee_free)

    def features(self):
        """Offloads (CLI key "features"): {name: {"active", "wanted",
        "fixed"}}. From the snapshot when this Nic came from one, else read
        now; None for a capture without them."""
        return self._held_or_read(_c.mg_nic_get_features(self._ptr), _c.mg_features_read_for_nic,
                                  _features_dict, _c.mg_features_free)

    def cable(self):
        """Whether this adapter can test its cable; never runs a test."""
        return CableInfo(self._context, self.name, self._ptr)

    def _evidence(self, held, read, free, convert):
        """From the snapshot when this Nic came from one, else read now."""
        if held is not None:
            return convert(held)
        ctx = self._context._ctx
        rc, ptr = read(ctx, self._ptr)
        if rc < 0:
            _raise(rc, ctx)
        try:
            return convert(ptr)
        finally:
            free(ptr)

    def stats(self):
        """Counters (CLI key "stats"): the link's, the standard ethtool
        groups and the driver's own; None for an adapter without interface."""
        if self.name is None:
            return None
        return self._evidence(_c.mg_nic_get_stats(self._ptr), _c.mg_stats_read_for_nic,
                              _c.mg_stats_free, _stats_dict)

    def irqs(self):
        """Interrupt vectors, their per-CPU counts and affinity, and the
        queues' CPU masks (CLI key "irqs")."""
        return self._evidence(_c.mg_nic_get_irqs(self._ptr), _c.mg_irqs_read_for_nic,
                              _c.mg_irqs_free, _irqs_dict)

    def temperatures(self):
        """The adapter's hwmon temperature sensors (CLI key "temperatures")."""
        return self._evidence(_c.mg_nic_get_temps(self._ptr), _c.mg_temps_read_for_nic,
                              _c.mg_temps_free, _temps_list)

    def usb(self):
        """A USB adapter's bus ceiling and place on the bus (CLI key "usb");
        None for other adapters."""
        if self.bus != "usb":
            return None
        d = dict(self.throughput().usb or {})
        d.update(self._evidence(_c.mg_nic_get_usb_info(self._ptr), _c.mg_usb_info_read_for_nic,
                                _c.mg_usb_info_free, _usb_dict))
        return d


class Estimate:
    """Throughput ceilings per direction; to_dict() is ``multigig estimate --json``."""

    def __init__(self, ptr):
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

    def to_dict(self):
        d = {k: _gbps(getattr(self, k)) for k in (
            "pcie_available_gbps", "link_data_rate_gbps", "rx_ceiling_gbps", "tx_ceiling_gbps",
            "ethernet_ceiling_gbps", "expected_rx_gbps", "expected_tx_gbps")}
        d.update(limited_by=self.limited_by, limited_by_rx=self.limited_by_rx,
                 limited_by_tx=self.limited_by_tx)
        return d


# estimate()'s arguments, in the order the library's inputs are set.
_ESTIMATE_INPUTS = [
    ("pcie_gen", _c.MG_ESTIMATE_PCIE_GEN), ("pcie_width", _c.MG_ESTIMATE_PCIE_WIDTH),
    ("mps", _c.MG_ESTIMATE_MPS), ("mrrs", _c.MG_ESTIMATE_MRRS),
    ("completion", _c.MG_ESTIMATE_COMPLETION), ("header", _c.MG_ESTIMATE_HEADER_DW),
    ("mtu", _c.MG_ESTIMATE_MTU), ("link_mbps", _c.MG_ESTIMATE_LINK_MBPS),
]


def estimate(pcie_gen, pcie_width, mps, mtu, link_mbps, mrrs=None, completion=None, header="4dw"):
    """Model the TCP goodput ceilings of a link you describe (multigig estimate).
    A value the model refuses raises OSError(EINVAL) naming the argument."""
    header_dw = {"3dw": 3, "4dw": 4, 3: 3, 4: 4}.get(header)
    if header_dw is None:
        raise ValueError("header must be '3dw' or '4dw', not %r" % (header,))
    values = {"pcie_gen": pcie_gen, "pcie_width": pcie_width, "mps": mps,
              "mrrs": UNKNOWN if mrrs is None else mrrs, "completion": completion or 0,
              "header": header_dw, "mtu": mtu, "link_mbps": link_mbps}
    rc, params = _c.mg_estimate_params_new()
    if rc < 0:
        _raise(rc)
    try:
        for name, which in _ESTIMATE_INPUTS:
            if _c.mg_estimate_params_set(params, which, values[name]) < 0:
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

    def __init__(self, ptr):
        rx, tx = _c.MG_DIRECTION_RX, _c.MG_DIRECTION_TX
        self.line_rate_mbps = _int(_c.mg_throughput_get_line_rate_mbps(ptr))
        self.mtu = _int(_c.mg_throughput_get_mtu(ptr))
        self.expected_rx_gbps = _gbps(_c.mg_throughput_get_expected_gbps(ptr, rx))
        self.expected_tx_gbps = _gbps(_c.mg_throughput_get_expected_gbps(ptr, tx))
        self.limited_by = _limit(_c.mg_throughput_get_overall_limit(ptr))
        self.limited_by_rx = _limit(_c.mg_throughput_get_limited_by(ptr, rx))
        self.limited_by_tx = _limit(_c.mg_throughput_get_limited_by(ptr, tx))
        self.lower_bound = bool(_c.mg_throughput_is_lower_bound(ptr))
        est = _c.mg_throughput_get_estimate(ptr)
        self.ceilings = Estimate(est).to_dict() if est is not None else None
        self.usb = None
        if _c.mg_throughput_get_usb_data_ceiling_mbps(ptr) != UNKNOWN:
            self.usb = {"link_mbps": _int(_c.mg_throughput_get_usb_speed_mbps(ptr)),
                        "data_ceiling_mbps": _c.mg_throughput_get_usb_data_ceiling_mbps(ptr),
                        "protocol_overhead_pct_estimate": _c.mg_throughput_get_usb_overhead_pct(ptr),
                        "expected_ceiling_mbps": _c.mg_throughput_get_usb_ceiling_mbps(ptr)}

    @classmethod
    def _decide(cls, nic, path):
        rc, ptr = _c.mg_throughput_new(nic, path)
        if rc < 0:
            _raise(rc)
        try:
            return cls(ptr)
        finally:
            _c.mg_throughput_free(ptr)

    def to_dict(self):
        return {k: getattr(self, k) for k in self._KEYS}


class PciePath:
    """The functions from a device up to its root port; to_dict() is
    ``multigig pcie --json``. ``throughput`` is the library's verdict for
    the adapter, with the PCIe ceilings it used in ``ceilings``."""

    def __init__(self, context, target, nic=None):
        _arg(target, "target")
        ctx = context._ctx
        # The adapter (looked up once, or the caller's), and its path from its address.
        if nic is not None:
            nic = _c.mg_nic_ref(nic)
        else:
            rc, nic = _c.mg_nic_lookup(ctx, target)
            if rc < 0:
                nic = None  # a PCI function that is not an adapter, such as a port
        try:
            if nic is not None and _c.mg_nic_get_bus(nic) == _c.MG_BUS_PCI:
                rc, path = _c.mg_pcie_path_new_for_nic(ctx, nic)
            else:
                rc, path = _c.mg_pcie_path_new(ctx, target)
            if rc < 0:
                _raise(rc, ctx)
            try:
                self._read(path)
                self.throughput = Throughput._decide(nic, path)
            except BaseException:
                _c.mg_pcie_path_free(path)
                raise
            # Kept for to_svg(), which draws this snapshot.
            self._context, self._path = context, path
            self._nic = _c.mg_nic_ref(nic) if nic is not None else None
        finally:
            if nic is not None:
                _c.mg_nic_unref(nic)
        self.ceilings = self.throughput.ceilings
        self.lower_bound = self.throughput.lower_bound

    def _read(self, path):
        self.path = [self._node(_c.mg_pcie_path_get(path, i)) for i in range(_c.mg_pcie_path_count(path))]
        self.address = self.path[0]["address"] if self.path else None
        lim = _c.mg_pcie_path_get_limit(path)
        self.limit = None
        if lim is not None:
            self.limit = {"address": _c.mg_pcie_node_get_address(lim),
                          "speed_gts": _gts(_c.mg_pcie_node_get_speed_gts(lim)),
                          "width": _int(_c.mg_pcie_node_get_width(lim)),
                          "available_gbps": _gbps(_c.mg_pcie_path_get_available_mbps(path) / 1000.0)}
        self.board = _c.mg_pcie_path_get_board(path)
        self.advice = _c.mg_pcie_path_get_advice(path)
        self.aspm_policy = _c.mg_pcie_path_get_aspm_policy(path)

    # The kernel's link/ files, by the power state each controls.
    _ASPM_FILES = [("l0s_aspm", _c.MG_PCIE_ASPM_L0S), ("l1_aspm", _c.MG_PCIE_ASPM_L1),
                   ("l1_1_aspm", _c.MG_PCIE_ASPM_L1_1), ("l1_2_aspm", _c.MG_PCIE_ASPM_L1_2),
                   ("l1_1_pcipm", _c.MG_PCIE_PCIPM_L1_1), ("l1_2_pcipm", _c.MG_PCIE_PCIPM_L1_2),
                   ("clkpm", _c.MG_PCIE_CLKPM)]
    _SEVERITIES = [_c.MG_AER_CORRECTABLE, _c.MG_AER_NONFATAL, _c.MG_AER_FATAL]

    @staticmethod
    def _states(mask):
        """A mask of power states as lspci names them; None when unknown."""
        if mask == UNKNOWN:
            return None
        return [_c.mg_pcie_pm_state_name(1 << b) for b in range(7) if mask & (1 << b)]

    @classmethod
    def _aspm_sysfs(cls, n):
        on = _c.mg_pcie_node_get_aspm_control(n)
        if on == UNKNOWN:
            return None
        present = _c.mg_pcie_node_get_aspm_control_present(n)
        return {name: bool(on & bit) if present & bit else None for name, bit in cls._ASPM_FILES}

    @classmethod
    def _aer(cls, n):
        if not _c.mg_pcie_node_has_aer(n):
            return None
        d, below = {}, None
        for sev in cls._SEVERITIES:
            name, total = _c.mg_aer_severity_name(sev), _c.mg_pcie_node_get_aer_total(n, sev)
            count = _c.mg_pcie_node_get_aer_count(n, sev)
            d[name] = None
            if count or total != UNKNOWN:
                d[name] = {"total": _int(total),
                           "counters": {_c.mg_pcie_node_get_aer_name(n, sev, i):
                                        _int(_c.mg_pcie_node_get_aer_value(n, sev, i)) for i in range(count)}}
            root = _c.mg_pcie_node_get_aer_rootport_total(n, sev)
            if root != UNKNOWN:
                below = below or {}
                below[name] = root
        d["rootport_total"] = below
        return d

    @staticmethod
    def _training(n):
        events = _c.mg_pcie_node_get_link_events(n)
        below = _c.mg_pcie_node_link_is_below_target(n)
        return {
            "target_speed_gts": _gts(_c.mg_pcie_node_get_link_target_speed_gts(n)),
            "speed_gts": _gts(_c.mg_pcie_node_get_speed_gts(n)),
            "below_target": _bool(below),
            "bandwidth_managed": None if events == UNKNOWN else bool(events & _c.MG_PCIE_LINK_BW_MANAGED),
            "autonomous_bandwidth": None if events == UNKNOWN else bool(events & _c.MG_PCIE_LINK_BW_AUTONOMOUS),
        }

    @classmethod
    def _node(cls, n):
        d = {
            "address": _c.mg_pcie_node_get_address(n),
            "role": _c.mg_pcie_role_name(_c.mg_pcie_node_get_role(n)),
            "vendor_id": _hex(_c.mg_pcie_node_get_vendor_id(n), 4),
            "device_id": _hex(_c.mg_pcie_node_get_device_id(n), 4),
            "cap_speed_gts": _gts(_c.mg_pcie_node_get_cap_speed_gts(n)),
            "cap_width": _int(_c.mg_pcie_node_get_cap_width(n)),
            "speed_gts": _gts(_c.mg_pcie_node_get_speed_gts(n)),
            "width": _int(_c.mg_pcie_node_get_width(n)),
            "target_speed_gts": _gts(_c.mg_pcie_node_get_target_speed_gts(n)),
            "devcap_mps": _int(_c.mg_pcie_node_get_devcap_mps(n)),
            "mps": _int(_c.mg_pcie_node_get_mps(n)),
            "mrrs": _int(_c.mg_pcie_node_get_mrrs(n)),
            "unknown_reason": _c.mg_pcie_node_get_unknown_reason(n),
            "aspm_supported": cls._states(_c.mg_pcie_node_get_aspm_supported(n)),
            "aspm_enabled": cls._states(_c.mg_pcie_node_get_aspm_enabled(n)),
            "l1ss_supported": cls._states(_c.mg_pcie_node_get_l1ss_supported(n)),
            "l1ss_enabled": cls._states(_c.mg_pcie_node_get_l1ss_enabled(n)),
            "aspm_sysfs": cls._aspm_sysfs(n),
            "aer": cls._aer(n),
            "training": cls._training(n),
        }
        if _c.mg_pcie_node_has_link(n):
            degraded = _c.mg_pcie_node_link_is_degraded(n)
            d["link_up"] = {
                "cap_speed_gts": _gts(_c.mg_pcie_node_get_link_cap_speed_gts(n)),
                "cap_width": _int(_c.mg_pcie_node_get_link_cap_width(n)),
                "below_capability": None if degraded == UNKNOWN else bool(degraded),
                "capped_by": _c.mg_pcie_cap_by_name(_c.mg_pcie_node_get_link_capped_by(n)),
            }
        return d

    def __del__(self):
        if getattr(self, "_path", None) is not None:
            _c.mg_pcie_path_free(self._path)
            self._path = None
        if getattr(self, "_nic", None) is not None:
            _c.mg_nic_unref(self._nic)
            self._nic = None

    def to_svg(self):
        """The path drawn as an SVG document (a str): the same bytes as
        ``multigig pcie TARGET --svg``. Chip names are looked up in the
        context, so it must still be open."""
        return _pictures.pcie_svg(self._context, self._path, self._nic)

    def to_dict(self):
        return {"address": self.address, "path": self.path, "limit": self.limit,
                "ceilings": self.ceilings, "lower_bound": self.lower_bound,
                "board": self.board, "advice": self.advice, "aspm_policy": self.aspm_policy}


class Settings:
    """Parameter values of one interface, by CLI name with '_' ("rx_ring")."""

    def __init__(self, ifname, values, maxima, errors):
        self.ifname = ifname
        self.values = values
        self.maxima = maxima
        self.errors = errors

    @classmethod
    def _from_ptr(cls, ptr):
        values, maxima, errors = {}, {}, {}
        for p, name in enumerate(PARAMS):
            rc, v = _c.mg_settings_get(ptr, p)
            values[_key(name)] = v if rc == 0 else None
            rc, m = _c.mg_settings_get_max(ptr, p)
            if rc == 0:
                maxima[_key(name)] = m
        for g, group in enumerate(["mtu"] + _GROUPS):
            errors[group] = _c.mg_settings_group_error(ptr, g)
        return cls(_c.mg_settings_get_ifname(ptr), values, maxima, errors)

    @classmethod
    def read(cls, context, ifname):
        ctx = context._ctx
        rc, ptr = _c.mg_settings_read(ctx, _arg(ifname, "ifname"))
        if rc < 0:
            _raise(rc, ctx)
        try:
            return cls._from_ptr(ptr)
        finally:
            _c.mg_settings_free(ptr)

    @classmethod
    def read_for_nic(cls, context, nic_ptr):
        ctx = context._ctx
        rc, ptr = _c.mg_settings_read_for_nic(ctx, nic_ptr)
        if rc < 0:
            _raise(rc, ctx)
        try:
            return cls._from_ptr(ptr)
        finally:
            _c.mg_settings_free(ptr)

    def group(self, group):
        """One group as the CLI prints it: {"supported": ..., "rx_ring": ...}."""
        if self.errors.get(group):
            return {"supported": False, "error": self.errors[group]}
        out = {"supported": True}
        for p, name in enumerate(PARAMS):
            if _c.mg_param_group_name(_c.mg_param_get_group(p)) != group:
                continue
            out[_key(name)] = self.values[_key(name)]
            if _key(name) in self.maxima:
                out[_key(name, "_max")] = self.maxima[_key(name)]
        return out

    def to_dict(self):
        d = {"name": self.ifname, "mtu": self.values["mtu"]}
        d.update({g: self.group(g) for g in _GROUPS})
        return d


def _modes_list(text):
    return [m for m in text.split(",") if m] if text is not None else None


class ApplyResult:
    """What apply() or rollback() planned and changed: ``changes`` is a list
    of (name, old, new): a parameter's number, True/False for "eee",
    "aspm-l1" and for a feature (by its kernel name), lists of link modes for
    "advertise"; ``left`` lists the names not restored because another
    writer had changed them; ``may_bounce_link`` says whether the driver
    may reset or renegotiate the link."""

    def __init__(self, ptr):
        self.changes = []
        self.left = []
        for i in range(_c.mg_apply_result_count(ptr)):
            _, _param, old, new = _c.mg_apply_result_get(ptr, i)
            name = _c.mg_apply_result_get_name(ptr, i)
            group = _c.mg_apply_result_get_group(ptr, i)
            if group == _c.MG_GROUP_ADVERTISE:
                old = _modes_list(_c.mg_apply_result_get_modes(ptr, i, 0))
                new = _modes_list(_c.mg_apply_result_get_modes(ptr, i, 1))
            elif group in (_c.MG_GROUP_EEE, _c.MG_GROUP_FEATURES, _c.MG_GROUP_ASPM):
                old, new = _bool(old), _bool(new)
            self.changes.append((name, old, new))
            if _c.mg_apply_result_get_state(ptr, i) == _c.MG_CHANGE_LEFT:
                self.left.append(name)
        self.may_bounce_link = bool(_c.mg_apply_result_may_bounce_link(ptr))

    @staticmethod
    def _value(name, value):
        if value == "max":
            return _c.MG_VALUE_MAX
        if value in ("on", True):
            return 1
        if value in ("off", False):
            return 0
        if not isinstance(value, int):
            raise ValueError("%s: %r is not a number, on/off or 'max'" % (name, value))
        return value

    @staticmethod
    def _flag(key, value):
        if value in ("on", "off") or isinstance(value, bool) or value in (0, 1):
            return 1 if value in ("on", True, 1) else 0
        return None

    @classmethod
    def _set_other(cls, want, key, name, value):
        """eee, aspm-l1, advertise or a feature; False when the value fits none."""
        if name == "advertise":
            if isinstance(value, (list, tuple)):
                value = ",".join(value)
            if not isinstance(value, str):
                raise ValueError("advertise: %r is not 'all' or a list of link modes" % (value,))
            if _c.mg_settings_set_advertise(want, _arg(value, "advertise")) < 0:
                raise ValueError("bad value %r for advertise" % (value,))
            return True
        on = cls._flag(key, value)
        if on is None:
            if name in ("eee", "aspm-l1"):
                raise ValueError("%s: %r is not True/False or on/off" % (key, value))
            return False
        if name == "eee":
            rc = _c.mg_settings_set_eee(want, on)
        elif name == "aspm-l1":
            rc = _c.mg_settings_set_aspm_l1(want, on)
        else:
            rc = _c.mg_settings_set_feature(want, name, on)
        if rc == -_errno.E2BIG:
            raise ValueError("too many features at once (64 at most)")
        return rc == 0

    @classmethod
    def apply(cls, context, ifname, params, dry_run):
        _arg(ifname, "ifname")
        for key in params:
            _arg(key, "a setting's name")
        ctx = context._ctx
        rc, want = _c.mg_settings_new()
        if rc < 0:
            _raise(rc)
        try:
            for key, value in params.items():
                name = key.replace("_", "-")
                p = _c.mg_param_from_name(name)
                if p < 0:
                    if not cls._set_other(want, key, name, value):
                        raise ValueError("unknown setting %r" % key)
                    continue
                if _c.mg_settings_set(want, p, cls._value(name, value)) < 0:
                    raise ValueError("bad value %r for %s" % (value, key))
            rc, res = _c.mg_settings_apply(ctx, ifname, want, _c.MG_APPLY_DRY_RUN if dry_run else 0)
            try:
                if rc < 0:
                    _raise(rc, ctx)
                return cls(res)
            finally:
                _c.mg_apply_result_free(res)
        finally:
            _c.mg_settings_free(want)

    @classmethod
    def rollback(cls, context, ifname, dry_run):
        ctx = context._ctx
        rc, res = _c.mg_settings_rollback(ctx, ifname, _c.MG_APPLY_DRY_RUN if dry_run else 0)
        try:
            if rc == -_errno.ENOENT:
                return None
            if rc < 0:
                _raise(rc, ctx)
            return cls(res)
        finally:
            _c.mg_apply_result_free(res)

    def to_dict(self):
        return {"changes": [{"param": n, "old": o, "new": v} for n, o, v in self.changes],
                "may_bounce_link": self.may_bounce_link}


def _pair(value):
    # SWIG gives (result, out) but only the out value when the result is NULL.
    if isinstance(value, (list, tuple)):
        return value[0], value[1]
    return None, value


def _fixed(v, decimals):
    return None if v is None or v < 0 else round(v, decimals)


class Sample:
    """One interval of ``multigig watch``: to_dict() is one of its JSON
    lines. Rates per second; ``cpus`` and ``vectors`` as lists of dicts."""

    _RATES = [("rx_dropped_per_s", "MG_STAT_RX_DROPPED"), ("tx_dropped_per_s", "MG_STAT_TX_DROPPED"),
              ("rx_errors_per_s", "MG_STAT_RX_ERRORS"), ("tx_errors_per_s", "MG_STAT_TX_ERRORS"),
              ("rx_missed_per_s", "MG_STAT_RX_MISSED_ERRORS")]

    def __init__(self, ptr, t):
        rx, tx = _c.MG_DIRECTION_RX, _c.MG_DIRECTION_TX
        self.t = round(t, 3)
        self.interval_s = _fixed(_c.mg_sample_get_seconds(ptr), 3)
        self.rx_bps = _fixed(_c.mg_sample_get_bits_per_second(ptr, rx), 0)
        self.tx_bps = _fixed(_c.mg_sample_get_bits_per_second(ptr, tx), 0)
        self.rx_pps = _fixed(_c.mg_sample_get_packets_per_second(ptr, rx), 1)
        self.tx_pps = _fixed(_c.mg_sample_get_packets_per_second(ptr, tx), 1)
        for key, stat in self._RATES:
            rc, v = _c.mg_sample_get_rate(ptr, getattr(_c, stat))
            setattr(self, key, _fixed(v, 1) if rc == 0 else None)
        self.expected_rx_gbps = _gbps(_c.mg_sample_get_expected_gbps(ptr, rx))
        self.expected_tx_gbps = _gbps(_c.mg_sample_get_expected_gbps(ptr, tx))
        self.rx_ceiling_use_pct = _fixed(_c.mg_sample_get_ceiling_use_pct(ptr, rx), 1)
        self.tx_ceiling_use_pct = _fixed(_c.mg_sample_get_ceiling_use_pct(ptr, tx), 1)
        temp = _c.mg_sample_get_temperature_milli(ptr)
        self.temperature_c = None if temp == UNKNOWN else round(temp / 1000.0, 1)
        self.vectors = [{"irq": _c.mg_sample_get_vector_irq(ptr, i), "name": _c.mg_sample_get_vector_name(ptr, i),
                         "per_s": _fixed(_c.mg_sample_get_vector_rate(ptr, i), 1)}
                        for i in range(_c.mg_sample_get_vector_count(ptr))]
        self.cpus = [{"cpu": _c.mg_sample_get_cpu(ptr, i),
                      "interrupts_per_s": _fixed(_c.mg_sample_get_cpu_interrupts(ptr, i), 1),
                      "net_rx_softirqs_per_s": _fixed(_c.mg_sample_get_cpu_softirqs(ptr, i, rx), 1),
                      "net_tx_softirqs_per_s": _fixed(_c.mg_sample_get_cpu_softirqs(ptr, i, tx), 1),
                      "busy_pct": _fixed(_c.mg_sample_get_cpu_busy_pct(ptr, i), 1)}
                     for i in range(_c.mg_sample_get_cpu_count(ptr))]

    _KEYS = ["t", "interval_s", "rx_bps", "tx_bps", "rx_pps", "tx_pps", "rx_dropped_per_s", "tx_dropped_per_s",
             "rx_errors_per_s", "tx_errors_per_s", "rx_missed_per_s", "expected_rx_gbps", "expected_tx_gbps",
             "rx_ceiling_use_pct", "tx_ceiling_use_pct", "temperature_c", "vectors", "cpus"]

    def to_dict(self):
        return {k: getattr(self, k) for k in self._KEYS}


def _watch(nic, interval, count):
    import time
    # The generator holds the Nic: its C object lives until the sampler has its own reference.
    ctx = nic._context._ctx
    if interval <= 0:
        raise ValueError("interval: seconds above 0")
    rc, sampler = _c.mg_sampler_new(ctx, nic._ptr)
    if rc < 0:
        _raise(rc, ctx)
    try:
        start = nxt = time.monotonic()
        n = 0
        while count is None or n < count:
            nxt += interval
            time.sleep(max(0.0, nxt - time.monotonic()))
            rc, sample = _c.mg_sampler_next(sampler)
            if rc < 0:
                _raise(rc, ctx)
            try:
                yield Sample(sample, nxt - start)
            finally:
                _c.mg_sample_free(sample)
            n += 1
    finally:
        _c.mg_sampler_free(sampler)


class Finding:
    """One doctor finding: id, severity, nic, title, evidence (a list of
    {"fact", "source"}), impact, impact_gbps, fix, fix_command, fixable."""

    def __init__(self, ptr):
        self.id = _c.mg_finding_get_id(ptr)
        self.severity = _c.mg_severity_name(_c.mg_finding_get_severity(ptr))
        self.nic = _c.mg_finding_get_nic(ptr)
        self.title = _c.mg_finding_get_title(ptr)
        self.evidence = []
        for i in range(_c.mg_finding_get_evidence_count(ptr)):
            fact, source = _c.mg_finding_get_evidence(ptr, i)
            self.evidence.append({"fact": fact, "source": source})
        self.impact, gbps = _pair(_c.mg_finding_get_impact(ptr))
        self.impact_gbps = _gbps(gbps) if gbps is not None and gbps >= 0 else None
        self.fix = _c.mg_finding_get_fix(ptr)
        self.fix_command = _c.mg_finding_get_fix_command(ptr)
        settings, _ = _pair(_c.mg_finding_get_fix_settings(ptr))
        self.fixable = settings is not None

    def __repr__(self):
        return "<multigig.Finding %s %s %s>" % (self.severity, self.nic, self.id)

    def to_dict(self):
        return {k: getattr(self, k) for k in ("id", "severity", "nic", "title", "evidence", "impact",
                                              "impact_gbps", "fix", "fix_command", "fixable")}


class CableInfo:
    """Whether a NIC can test its cable; to_dict() is ``multigig cable --json``."""

    def __init__(self, context, ifname, nic=None):
        ctx = context._ctx
        if nic is not None:
            rc, info = _c.mg_cable_query_for_nic(ctx, nic)
        else:
            rc, info = _c.mg_cable_query(ctx, _arg(ifname, "ifname"))
        if rc < 0:
            _raise(rc, ctx)
        try:
            self.name = ifname
            self.support = _c.mg_cable_support_name(_c.mg_cable_info_get_support(info))
            self.reason = _c.mg_cable_info_get_reason(info)
            self.phy_driver = _c.mg_cable_info_get_phy_driver(info)
            self.tdr = _bool(_c.mg_cable_info_get_tdr(info))
        finally:
            _c.mg_cable_info_free(info)

    def to_dict(self):
        return {"name": self.name, "support": self.support, "reason": self.reason,
                "phy_driver": self.phy_driver, "tdr": self.tdr}


# The HTML report and the SVG drawing (multigig report, multigig pcie --svg).
from . import pictures as _pictures  # noqa: E402
from .pictures import report  # noqa: E402
