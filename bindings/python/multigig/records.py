# SPDX-License-Identifier: LGPL-2.1-or-later
"""The objects Nic's readings return (imported into ``multigig``): the
Ethernet link, EEE, offloads, counters, interrupts, sensors, the USB path,
a cable test and each group of settings.

Each is read whole from the C object when made, has attributes named like
the CLI's JSON keys and ``to_dict()`` equal to that JSON. They are also
read-only mappings of those keys (``link["speed_mbps"]``, ``link == {...}``),
as these readings were plain dicts before 0.2.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Optional

from . import core as _c
from ._convert import UNKNOWN, _bool, _int, _key, _str


def _plain(v: Any) -> Any:
    """A value as JSON holds it: records and lists of them as dicts."""
    if isinstance(v, (Record, Features)):
        return v.to_dict()
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


class Record(Mapping[str, Any]):
    """Base of the reading objects: attributes, ``to_dict()``, and read
    access by JSON key. A key the CLI leaves out (EEE's "error" when there
    is none) is left out here too; its attribute is None."""

    _KEYS: ClassVar[tuple[str, ...]] = ()

    def _shown(self) -> tuple[str, ...]:
        return self._KEYS

    def __getitem__(self, key: str) -> Any:
        if key not in self._shown():
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._shown())

    def __len__(self) -> int:
        return len(self._shown())

    def to_dict(self) -> dict[str, Any]:
        """The same data as the CLI's ``--json`` for this reading."""
        return {k: _plain(getattr(self, k)) for k in self._shown()}

    def __repr__(self) -> str:
        return "<multigig.%s %r>" % (type(self).__name__, self.to_dict())


def _modes(count: Any, get: Any, obj: Any) -> dict[int, list[str]]:
    return {which: [get(obj, which, i) for i in range(count(obj, which))]
            for which in (_c.MG_MODES_SUPPORTED, _c.MG_MODES_ADVERTISED, _c.MG_MODES_PARTNER)}


class Link(Record):
    """Speed, duplex, link modes and state of the Ethernet link: the CLI's
    "link" object. ``not_advertised`` lists supported modes the adapter
    does not advertise (None when it reports no modes); ``down_reason``
    is the kernel's extended link state while the link is down."""

    _KEYS = ("link", "speed_mbps", "duplex", "autoneg", "port", "lanes", "supported_modes",
             "advertised_modes", "partner_modes", "best_common_mode", "not_advertised", "sqi",
             "sqi_max", "down_reason", "down_subreason")
    link: Optional[bool]
    speed_mbps: Optional[int]
    duplex: Optional[str]
    autoneg: Optional[bool]
    port: Optional[str]
    lanes: Optional[int]
    supported_modes: list[str]
    advertised_modes: list[str]
    partner_modes: list[str]
    best_common_mode: Optional[str]
    not_advertised: Optional[list[str]]
    sqi: Optional[int]
    sqi_max: Optional[int]
    down_reason: Optional[str]
    down_subreason: Optional[int]

    def __init__(self, ptr: Any) -> None:
        modes = _modes(_c.mg_ethlink_get_mode_count, _c.mg_ethlink_get_mode, ptr)
        self.link = _bool(_c.mg_ethlink_get_link(ptr))
        self.speed_mbps = _int(_c.mg_ethlink_get_speed_mbps(ptr))
        self.duplex = _str(_c.mg_ethlink_get_duplex(ptr))
        self.autoneg = _bool(_c.mg_ethlink_get_autoneg(ptr))
        self.port = _str(_c.mg_ethlink_get_port(ptr))
        self.lanes = _int(_c.mg_ethlink_get_lanes(ptr))
        self.supported_modes = modes[_c.MG_MODES_SUPPORTED]
        self.advertised_modes = modes[_c.MG_MODES_ADVERTISED]
        self.partner_modes = modes[_c.MG_MODES_PARTNER]
        self.best_common_mode = _str(_c.mg_ethlink_get_best_common_mode(ptr))
        self.not_advertised = [_c.mg_ethlink_get_not_advertised(ptr, i)
                               for i in range(_c.mg_ethlink_get_not_advertised_count(ptr))] \
            if self.supported_modes else None
        self.sqi = _int(_c.mg_ethlink_get_sqi(ptr))
        self.sqi_max = _int(_c.mg_ethlink_get_sqi_max(ptr))
        self.down_reason = _str(_c.mg_ethlink_get_ext_state(ptr))
        self.down_subreason = _int(_c.mg_ethlink_get_ext_substate(ptr))


class Eee(Record):
    """Energy-Efficient Ethernet: the CLI's "eee" object. For a driver
    without EEE, ``supported`` is False and ``error`` says why; where the
    kernel (before 6.9) cannot report EEE on 2500baseT/Full and later
    modes, ``modes_unknown`` says so."""

    _KEYS = ("supported", "error", "enabled", "active", "tx_lpi_enabled", "tx_lpi_timer_us",
             "supported_modes", "advertised_modes", "partner_modes", "modes_unknown")
    supported: Optional[bool]
    error: Optional[str]
    enabled: Optional[bool]
    active: Optional[bool]
    tx_lpi_enabled: Optional[bool]
    tx_lpi_timer_us: Optional[int]
    supported_modes: list[str]
    advertised_modes: list[str]
    partner_modes: list[str]
    modes_unknown: Optional[str]

    def __init__(self, ptr: Any) -> None:
        modes = _modes(_c.mg_eee_get_mode_count, _c.mg_eee_get_mode, ptr)
        self.supported = _bool(_c.mg_eee_get_supported(ptr))
        self.error = _str(_c.mg_eee_get_error(ptr)) or None
        self.enabled = _bool(_c.mg_eee_get_enabled(ptr))
        self.active = _bool(_c.mg_eee_get_active(ptr))
        self.tx_lpi_enabled = _bool(_c.mg_eee_get_tx_lpi_enabled(ptr))
        self.tx_lpi_timer_us = _int(_c.mg_eee_get_tx_lpi_timer_usecs(ptr))
        self.supported_modes = modes[_c.MG_MODES_SUPPORTED]
        self.advertised_modes = modes[_c.MG_MODES_ADVERTISED]
        self.partner_modes = modes[_c.MG_MODES_PARTNER]
        # Kernels before 6.9 report EEE on 32 link modes only: why the rest is unknown.
        self.modes_unknown = _str(_c.mg_eee_get_modes_unknown(ptr)) or None

    def _shown(self) -> tuple[str, ...]:
        return tuple(k for k in self._KEYS if getattr(self, k) is not None or k not in ("error", "modes_unknown"))


class Feature(Record):
    """One offload: whether it is on, asked for, and fixed by the driver."""

    _KEYS = ("active", "wanted", "fixed")
    active: bool
    wanted: bool
    fixed: bool

    def __init__(self, active: bool, wanted: bool, fixed: bool) -> None:
        self.active, self.wanted, self.fixed = active, wanted, fixed


class Features(Mapping[str, Feature]):
    """Offloads by their kernel name ("rx-gro"): the CLI's "features"
    object, ``features["rx-gro"].active``."""

    def __init__(self, ptr: Any) -> None:
        self._items = {_c.mg_features_get_name(ptr, i): Feature(_c.mg_features_get_active(ptr, i) == 1,
                                                                _c.mg_features_get_wanted(ptr, i) == 1,
                                                                _c.mg_features_get_fixed(ptr, i) == 1)
                       for i in range(_c.mg_features_get_count(ptr))}

    def __getitem__(self, name: str) -> Feature:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def to_dict(self) -> dict[str, dict[str, bool]]:
        return {name: {"active": f.active, "wanted": f.wanted, "fixed": f.fixed} for name, f in self._items.items()}

    def __repr__(self) -> str:
        return "<multigig.Features %s>" % " ".join(n for n, f in self._items.items() if f.active)


_STAT_GROUPS = ("eth_phy", "eth_mac", "eth_ctrl", "rmon")


class Stats(Record):
    """Counters: the CLI's "stats" object. The link's counters are
    attributes (None when the kernel did not report one); ``eth_phy``,
    ``eth_mac``, ``eth_ctrl`` and ``rmon`` are the standard groups by
    their IEEE 802.3 names (None when the driver fills none; ``rmon``
    adds "rx_histogram" and "tx_histogram"), ``driver`` the driver's own
    counters by name; ``link_down_events_unknown`` says why the link-down
    count is None when the kernel is the reason (before 6.6)."""

    _KEYS = (tuple(_c.mg_stat_name(i) for i in range(_c.MG_STAT_COUNT)) + ("link_down_events_unknown",)
             + _STAT_GROUPS + ("driver",))
    rx_packets: Optional[int]
    tx_packets: Optional[int]
    rx_bytes: Optional[int]
    tx_bytes: Optional[int]
    rx_errors: Optional[int]
    tx_errors: Optional[int]
    rx_dropped: Optional[int]
    tx_dropped: Optional[int]
    multicast: Optional[int]
    collisions: Optional[int]
    rx_length_errors: Optional[int]
    rx_over_errors: Optional[int]
    rx_crc_errors: Optional[int]
    rx_frame_errors: Optional[int]
    rx_fifo_errors: Optional[int]
    rx_missed_errors: Optional[int]
    tx_aborted_errors: Optional[int]
    tx_carrier_errors: Optional[int]
    tx_fifo_errors: Optional[int]
    tx_heartbeat_errors: Optional[int]
    tx_window_errors: Optional[int]
    rx_compressed: Optional[int]
    tx_compressed: Optional[int]
    rx_nohandler: Optional[int]
    rx_otherhost_dropped: Optional[int]
    carrier_changes: Optional[int]
    carrier_up_count: Optional[int]
    carrier_down_count: Optional[int]
    link_down_events: Optional[int]
    # Why a counter is None when the kernel is the reason (before 6.6: the link-down count).
    link_down_events_unknown: Optional[str]
    eth_phy: Optional[dict[str, Optional[int]]]
    eth_mac: Optional[dict[str, Optional[int]]]
    eth_ctrl: Optional[dict[str, Optional[int]]]
    rmon: Optional[dict[str, Any]]
    driver: Optional[dict[str, int]]

    def __init__(self, ptr: Any) -> None:
        for i in range(_c.MG_STAT_COUNT):
            rc, v = _c.mg_stats_get(ptr, i)
            setattr(self, _c.mg_stat_name(i), v if rc == 0 else None)
        self.link_down_events_unknown = _str(_c.mg_stats_get_unknown_reason(ptr, _c.MG_STAT_LINK_DOWN_EVENTS)) or None
        for g, key in enumerate(_STAT_GROUPS):
            setattr(self, key, self._group(ptr, g))
        n = _c.mg_stats_driver_count(ptr)
        self.driver = None if n == UNKNOWN else {
            _c.mg_stats_driver_name(ptr, i): _c.mg_stats_driver_get(ptr, i)[1] for i in range(n)}

    def _shown(self) -> tuple[str, ...]:
        # The reason is there only when the CLI shows one, as EEE's "error".
        return tuple(k for k in self._KEYS if k != "link_down_events_unknown" or self.link_down_events_unknown)

    @staticmethod
    def _group(ptr: Any, g: int) -> Optional[dict[str, Any]]:
        if not _c.mg_stats_group_reported(ptr, g):
            return None
        group: dict[str, Any] = {}
        for i in range(_c.mg_stats_group_size(g)):
            rc, v = _c.mg_stats_group_get(ptr, g, i)
            group[_c.mg_stats_group_counter_name(g, i)] = v if rc == 0 else None
        if g == _c.MG_STATS_RMON:
            for tx, name in ((0, "rx_histogram"), (1, "tx_histogram")):
                group[name] = []
                for i in range(_c.mg_stats_hist_count(ptr, tx)):
                    _, low, high, v = _c.mg_stats_hist_get(ptr, tx, i)
                    group[name].append({"low": low, "high": high or None, "frames": v})
        return group


class IrqVector(Record):
    """One interrupt vector: its number, name and mode, per-CPU counts
    (by CPU number as a string, None when /proc/interrupts was not read),
    and affinity masks."""

    _KEYS = ("irq", "name", "mode", "per_cpu", "total", "affinity", "effective_affinity")
    irq: Optional[int]
    name: Optional[str]
    mode: Optional[str]
    per_cpu: Optional[dict[str, int]]
    total: Optional[int]
    affinity: Optional[str]
    effective_affinity: Optional[str]

    def __init__(self, ptr: Any, i: int, cpus: list[int]) -> None:
        counts = [_c.mg_irqs_get_cpu_interrupts(ptr, i, c) for c in range(len(cpus))]
        counted = bool(counts) and counts[0][0] == 0
        self.irq = _int(_c.mg_irqs_get_irq(ptr, i))
        self.name = _str(_c.mg_irqs_get_name(ptr, i))
        self.mode = _str(_c.mg_irqs_get_mode(ptr, i))
        self.per_cpu = {str(cpu): v for cpu, (_, v) in zip(cpus, counts)} if counted else None
        self.total = sum(v for _, v in counts) if counted else None
        self.affinity = _str(_c.mg_irqs_get_affinity(ptr, i))
        self.effective_affinity = _str(_c.mg_irqs_get_effective_affinity(ptr, i))


class RxQueue(Record):
    """A receive queue and the CPUs its packets are steered to (RPS)."""

    _KEYS = ("queue", "rps_cpus")
    queue: str
    rps_cpus: Optional[str]

    def __init__(self, queue: str, cpus: Optional[str]) -> None:
        self.queue, self.rps_cpus = queue, cpus


class TxQueue(Record):
    """A transmit queue and the CPUs that send on it (XPS)."""

    _KEYS = ("queue", "xps_cpus")
    queue: str
    xps_cpus: Optional[str]

    def __init__(self, queue: str, cpus: Optional[str]) -> None:
        self.queue, self.xps_cpus = queue, cpus


class Irqs(Record):
    """Interrupts: the CLI's "irqs" object."""

    _KEYS = ("online_cpus", "vectors", "rx_queues", "tx_queues")
    online_cpus: Optional[int]
    vectors: list[IrqVector]
    rx_queues: list[RxQueue]
    tx_queues: list[TxQueue]

    def __init__(self, ptr: Any) -> None:
        cpus = [_c.mg_irqs_get_cpu(ptr, c) for c in range(_c.mg_irqs_get_cpu_count(ptr))]
        self.online_cpus = _int(_c.mg_irqs_get_online_cpus(ptr))
        self.vectors = [IrqVector(ptr, i, cpus) for i in range(_c.mg_irqs_get_count(ptr))]
        self.rx_queues = [RxQueue(_c.mg_irqs_get_queue_name(ptr, 0, i), _c.mg_irqs_get_queue_cpus(ptr, 0, i))
                          for i in range(_c.mg_irqs_get_queue_count(ptr, 0))]
        self.tx_queues = [TxQueue(_c.mg_irqs_get_queue_name(ptr, 1, i), _c.mg_irqs_get_queue_cpus(ptr, 1, i))
                          for i in range(_c.mg_irqs_get_queue_count(ptr, 1))]


def _celsius(ptr: Any, i: int, which: int) -> Optional[float]:
    rc, milli = _c.mg_temps_get(ptr, i, which)
    return milli / 1000.0 if rc == 0 else None


class Temperature(Record):
    """One hwmon temperature sensor of the adapter: one item of the CLI's
    "temperatures" list."""

    _KEYS = ("chip", "sensor", "source", "label", "celsius", "max_celsius", "crit_celsius", "alarm")
    chip: Optional[str]
    sensor: Optional[str]
    source: Optional[str]
    label: Optional[str]
    celsius: Optional[float]
    max_celsius: Optional[float]
    crit_celsius: Optional[float]
    alarm: Optional[bool]

    def __init__(self, ptr: Any, i: int) -> None:
        self.chip = _str(_c.mg_temps_get_chip(ptr, i))
        self.sensor = _str(_c.mg_temps_get_sensor(ptr, i))
        self.source = _str(_c.mg_temps_get_source(ptr, i))
        self.label = _str(_c.mg_temps_get_label(ptr, i))
        self.celsius = _celsius(ptr, i, _c.MG_TEMP_INPUT)
        self.max_celsius = _celsius(ptr, i, _c.MG_TEMP_MAX)
        self.crit_celsius = _celsius(ptr, i, _c.MG_TEMP_CRIT)
        self.alarm = _bool(_c.mg_temps_get_alarm(ptr, i))

    @classmethod
    def read_all(cls, ptr: Any) -> list[Temperature]:
        return [cls(ptr, i) for i in range(_c.mg_temps_get_count(ptr))]


class UsbDevice(Record):
    """A USB device on the way to the adapter: a hub, or a device sharing
    the root hub."""

    _KEYS = ("device", "id", "product", "speed_mbps", "usb_version", "ports")
    device: Optional[str]
    id: Optional[str]
    product: Optional[str]
    speed_mbps: Optional[int]
    usb_version: Optional[str]
    ports: Optional[int]

    def __init__(self, ptr: Any) -> None:
        vendor, product = _c.mg_usb_device_get_vendor_id(ptr), _c.mg_usb_device_get_product_id(ptr)
        self.device = _str(_c.mg_usb_device_get_name(ptr))
        self.id = None if UNKNOWN in (vendor, product) else "%04x:%04x" % (vendor, product)
        self.product = _str(_c.mg_usb_device_get_product(ptr))
        self.speed_mbps = _int(_c.mg_usb_device_get_speed_mbps(ptr))
        self.usb_version = _str(_c.mg_usb_device_get_version(ptr))
        self.ports = _int(_c.mg_usb_device_get_port_count(ptr))


class UsbInfo(Record):
    """A USB adapter's bus ceiling and place on the bus: the CLI's "usb"
    object. The four ceiling keys (link_mbps to expected_ceiling_mbps)
    are there only when the library knows the ceiling, as in the CLI."""

    _CEILING = ("link_mbps", "data_ceiling_mbps", "protocol_overhead_pct_estimate", "expected_ceiling_mbps")
    _KEYS = _CEILING + ("device", "speed_mbps", "usb_version", "port_speed_mbps", "port_usb_version", "driver",
                        "interface_class", "generic_driver", "vendor_driver", "vendor_driver_loaded",
                        "configuration", "configurations", "hubs", "root_hub_shared_with")
    link_mbps: Optional[int]
    data_ceiling_mbps: Optional[int]
    protocol_overhead_pct_estimate: Optional[int]
    expected_ceiling_mbps: Optional[int]
    device: Optional[str]
    speed_mbps: Optional[int]
    usb_version: Optional[str]
    port_speed_mbps: Optional[int]
    port_usb_version: Optional[str]
    driver: Optional[str]
    interface_class: Optional[str]
    generic_driver: Optional[bool]
    vendor_driver: Optional[str]
    vendor_driver_loaded: Optional[bool]
    configuration: Optional[int]
    configurations: Optional[int]
    hubs: list[UsbDevice]
    root_hub_shared_with: list[UsbDevice]

    def __init__(self, ceiling: Optional[dict[str, Any]], ptr: Any) -> None:
        self._has_ceiling = ceiling is not None
        for key in self._CEILING:
            setattr(self, key, ceiling[key] if ceiling else None)
        d = _c.mg_usb_info_get_device(ptr)
        self.device = _str(_c.mg_usb_device_get_name(d))
        self.speed_mbps = _int(_c.mg_usb_device_get_speed_mbps(d))
        self.usb_version = _str(_c.mg_usb_device_get_version(d))
        self.port_speed_mbps = _int(_c.mg_usb_info_get_port_speed_mbps(ptr))
        self.port_usb_version = _str(_c.mg_usb_info_get_port_version(ptr))
        self.driver = _str(_c.mg_usb_info_get_driver(ptr))
        self.interface_class = _str(_c.mg_usb_info_get_interface_class(ptr))
        self.generic_driver = _bool(_c.mg_usb_info_is_generic_driver(ptr))
        self.vendor_driver = _str(_c.mg_usb_info_get_vendor_driver(ptr))
        self.vendor_driver_loaded = _bool(_c.mg_usb_info_vendor_driver_loaded(ptr))
        self.configuration = _int(_c.mg_usb_info_get_configuration(ptr))
        self.configurations = _int(_c.mg_usb_info_get_configuration_count(ptr))
        self.hubs = [UsbDevice(_c.mg_usb_info_get_hub(ptr, i)) for i in range(_c.mg_usb_info_get_hub_count(ptr))]
        self.root_hub_shared_with = [UsbDevice(_c.mg_usb_info_get_peer(ptr, i))
                                     for i in range(_c.mg_usb_info_get_peer_count(ptr))]

    def _shown(self) -> tuple[str, ...]:
        return self._KEYS if self._has_ceiling else self._KEYS[len(self._CEILING):]


class CablePair(Record):
    """The verdict for one twisted pair ("A" to "D"), and how far away a
    fault is (None when there is none or it is not known)."""

    _KEYS = ("pair", "code", "fault_length_cm")
    pair: str
    code: Optional[str]
    fault_length_cm: Optional[int]

    def __init__(self, pair: str, code: Optional[str], fault_length_cm: Optional[int]) -> None:
        self.pair, self.code, self.fault_length_cm = pair, code, fault_length_cm


class TdrSample(Record):
    """One point of a time-domain reflectometry trace."""

    _KEYS = ("pair", "distance_cm", "mv")
    pair: int
    distance_cm: int
    mv: int

    def __init__(self, pair: int, distance_cm: int, mv: int) -> None:
        self.pair, self.distance_cm, self.mv = pair, distance_cm, mv


class CableTest(Record):
    """What a cable test found: ``multigig cable IF --test --json``; ``tdr``
    is the trace when one was asked for (the key is left out otherwise)."""

    _KEYS = ("name", "pairs", "tdr")
    name: str
    pairs: list[CablePair]
    tdr: Optional[list[TdrSample]]

    def __init__(self, name: str, ptr: Any, tdr: bool) -> None:
        self.name = name
        self.pairs = [CablePair("ABCD"[p], _str(_c.mg_cable_code_name(_c.mg_cable_result_get_code(ptr, p))),
                                _int(_c.mg_cable_result_get_fault_length_cm(ptr, p))) for p in range(4)]
        self.tdr = None
        if tdr:
            self.tdr = []
            for i in range(_c.mg_cable_result_get_tdr_count(ptr)):
                _, pair, cm, mv = _c.mg_cable_result_get_tdr_sample(ptr, i)
                self.tdr.append(TdrSample(pair, cm, mv))

    def _shown(self) -> tuple[str, ...]:
        return self._KEYS if self.tdr is not None else self._KEYS[:2]


# A group's name for each parameter, in the library's order.
_PARAM_GROUPS = [(_c.mg_param_name(p), _c.mg_param_group_name(_c.mg_param_get_group(p)))
                 for p in range(_c.MG_PARAM_COUNT)]


class SettingsGroup(Record):
    """One group of settings as the CLI prints it ("rings", "channels",
    "coalesce", "pause"): ``supported``, and ``error`` when the driver
    lacks the group; else each parameter by its CLI name with '_'
    (``rx_ring``; None when the driver does not report it) and, for rings
    and channels, the maximum the driver allows (``rx_ring_max``, there
    when the driver reports one)."""

    GROUP: ClassVar[str] = ""
    # The parameters of the group that have a maximum.
    _MAXIMA: ClassVar[tuple[str, ...]] = ()
    supported: bool
    error: Optional[str]

    def __init__(self, values: Mapping[str, Optional[int]], maxima: Mapping[str, int],
                 error: Optional[str]) -> None:
        self.supported = not error
        self.error = error or None
        shown = ["supported"] + (["error"] if error else [])
        for name, group in _PARAM_GROUPS:
            if group != self.GROUP:
                continue
            key = _key(name)
            setattr(self, key, None if error else values.get(key))
            if key in self._MAXIMA:
                setattr(self, key + "_max", None if error else maxima.get(key))
            if error:
                continue
            shown.append(key)
            if key in maxima:
                shown.append(key + "_max")
        self._keys = tuple(shown)

    def _shown(self) -> tuple[str, ...]:
        return self._keys


class Rings(SettingsGroup):
    """Ring sizes: the CLI's "rings" object."""

    GROUP = "rings"
    _MAXIMA = ("rx_ring", "rx_mini_ring", "rx_jumbo_ring", "tx_ring")
    rx_ring: Optional[int]
    rx_ring_max: Optional[int]
    rx_mini_ring: Optional[int]
    rx_mini_ring_max: Optional[int]
    rx_jumbo_ring: Optional[int]
    rx_jumbo_ring_max: Optional[int]
    tx_ring: Optional[int]
    tx_ring_max: Optional[int]
    rx_buf_len: Optional[int]
    cqe_size: Optional[int]
    tx_push: Optional[int]
    tcp_data_split: Optional[int]


class Channels(SettingsGroup):
    """Channel (queue) counts: the CLI's "channels" object."""

    GROUP = "channels"
    _MAXIMA = ("rx", "tx", "other", "combined")
    rx: Optional[int]
    rx_max: Optional[int]
    tx: Optional[int]
    tx_max: Optional[int]
    other: Optional[int]
    other_max: Optional[int]
    combined: Optional[int]
    combined_max: Optional[int]


class Coalesce(SettingsGroup):
    """Interrupt coalescing: the CLI's "coalesce" object."""

    GROUP = "coalesce"
    rx_usecs: Optional[int]
    rx_frames: Optional[int]
    rx_usecs_irq: Optional[int]
    rx_frames_irq: Optional[int]
    tx_usecs: Optional[int]
    tx_frames: Optional[int]
    tx_usecs_irq: Optional[int]
    tx_frames_irq: Optional[int]
    stats_block_usecs: Optional[int]
    adaptive_rx: Optional[int]
    adaptive_tx: Optional[int]
    pkt_rate_low: Optional[int]
    rx_usecs_low: Optional[int]
    rx_frames_low: Optional[int]
    tx_usecs_low: Optional[int]
    tx_frames_low: Optional[int]
    pkt_rate_high: Optional[int]
    rx_usecs_high: Optional[int]
    rx_frames_high: Optional[int]
    tx_usecs_high: Optional[int]
    tx_frames_high: Optional[int]
    sample_interval: Optional[int]
    cqe_mode_rx: Optional[int]
    cqe_mode_tx: Optional[int]


class Pause(SettingsGroup):
    """Pause frames: the CLI's "pause" object."""

    GROUP = "pause"
    pause_autoneg: Optional[int]
    pause_rx: Optional[int]
    pause_tx: Optional[int]


GROUP_CLASSES: dict[str, type[SettingsGroup]] = {c.GROUP: c for c in (Rings, Channels, Coalesce, Pause)}
