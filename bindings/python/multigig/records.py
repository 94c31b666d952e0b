# SPDX-License-Identifier: LGPL-2.1-or-later
"""The objects Nic's readings return (imported into ``multigig``): the
Ethernet link, EEE, offloads, counters, interrupts, sensors, the USB path,
a cable test and each group of settings.

Each is made from the library's JSON of its C object (one call of the
object's mg_*_to_json() writer): its attributes are named like the CLI's
JSON keys and ``to_dict()`` is that JSON. They are also read-only mappings
of those keys (``link["speed_mbps"]``, ``link == {...}``), as these
readings were plain dicts before 0.2.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Optional, TypeVar, cast

from . import core as _c
from ._convert import _key, _loads, _taken_doc, _text


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
    # The library's JSON of the reading; None for a part of one (an
    # interrupt vector, a sensor) or one made from Python values, and
    # until first needed for a reading that came parsed (_source writes it).
    _json: Optional[str] = None
    _source: Optional[Callable[[], str]] = None
    # That JSON parsed, held by no one else yet: a snapshot's readings come
    # parsed from one text, and the first of to_dict() and the attributes
    # takes it.
    _pending: Optional[dict[str, Any]] = None
    # Whether the attributes are there yet: a reading from the library
    # makes them from its JSON when one is first asked for, so that
    # to_dict() of thousands parses each text once.
    _filled: bool = True

    def _read(self, text: str) -> None:
        """Keep the library's text; its keys become the attributes."""
        self._json = text
        self._filled = False

    def _read_parsed(self, doc: dict[str, Any], source: Callable[[], str]) -> None:
        """The library's JSON already parsed; ``source`` writes its text
        when a second document is asked for."""
        self._pending = doc
        self._source = source
        self._filled = False

    def _library_doc(self) -> dict[str, Any]:
        """The library's JSON of the reading, parsed, and held by no one else."""
        return _taken_doc(self)

    def _fill(self, d: Mapping[str, Any]) -> None:
        for k in self._KEYS:
            setattr(self, k, d.get(k))

    def _fill_from_json(self) -> None:
        self._filled = True
        self._fill(self._library_doc())

    if not TYPE_CHECKING:
        # At run time only: to a type checker the attributes are the declared ones.
        def __getattr__(self, name: str) -> Any:
            if name.startswith("__") or self.__dict__.get("_filled", True):
                raise AttributeError(name)
            self._fill_from_json()
            return object.__getattribute__(self, name)

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
        if self._json is not None or self._source is not None:
            return self._library_doc()
        return {k: _plain(getattr(self, k)) for k in self._shown()}

    def __repr__(self) -> str:
        return "<multigig.%s %r>" % (type(self).__name__, self.to_dict())


class Link(Record):
    """Speed, duplex, link modes and state of the Ethernet link: the CLI's
    "link" object. ``not_advertised`` lists supported modes the adapter
    does not advertise (None when it reports no modes); ``down_reason``
    is the kernel's extended link state while the link is down.
    ``wake_on_lan`` holds the Wake-on-LAN modes ``supported`` and
    ``enabled``, each a list of ethtool's letters (["p", "u", "m", "b",
    "g"], [] for none); None when unknown, with ``wake_on_lan_error``
    saying why where the driver has no Wake-on-LAN."""

    _KEYS = ("link", "speed_mbps", "duplex", "autoneg", "port", "lanes", "supported_modes",
             "advertised_modes", "partner_modes", "best_common_mode", "not_advertised", "sqi",
             "sqi_max", "down_reason", "down_subreason", "wake_on_lan", "wake_on_lan_error")
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
    wake_on_lan: Optional[dict[str, list[str]]]
    wake_on_lan_error: Optional[str]

    def __init__(self, ptr: Any) -> None:
        self._read(_text(_c.mg_ethlink_to_json, ptr))

    @classmethod
    def _from_parsed(cls, doc: dict[str, Any], source: Callable[[], str]) -> Link:
        """From the library's JSON parsed with a snapshot's; ``source``
        writes the text again."""
        link = cls.__new__(cls)
        link._read_parsed(doc, source)
        return link


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
        self._read(_text(_c.mg_eee_to_json, ptr))

    def _shown(self) -> tuple[str, ...]:
        # "error" and "modes_unknown" are there only when the library wrote them.
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

    _json: str

    def __init__(self, ptr: Any) -> None:
        self._json = _text(_c.mg_features_to_json, ptr)
        self._items = {name: Feature(f["active"], f["wanted"], f["fixed"])
                       for name, f in _loads(self._json).items()}
    def __getitem__(self, name: str) -> Feature:
        return self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def to_dict(self) -> dict[str, dict[str, bool]]:
        return cast("dict[str, dict[str, bool]]", _loads(self._json))
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
        self._read(_text(_c.mg_stats_to_json, ptr))

    def _shown(self) -> tuple[str, ...]:
        # The reason is there only when the library wrote one, as EEE's "error".
        return tuple(k for k in self._KEYS if k != "link_down_events_unknown" or self.link_down_events_unknown)


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

    def __init__(self, vector: Mapping[str, Any]) -> None:
        self._fill(vector)


class RxQueue(Record):
    """A receive queue and the CPUs its packets are steered to (RPS):
    ``rps_cpus`` the kernel's hex mask ("00000003"), ``rps_cpus_list`` the
    same CPUs as a list ("0-1"; "" for none; None past CPU 63)."""

    _KEYS = ("queue", "rps_cpus", "rps_cpus_list")
    queue: str
    rps_cpus: Optional[str]
    rps_cpus_list: Optional[str]

    def __init__(self, queue: str, cpus: Optional[str], cpus_list: Optional[str] = None) -> None:
        self.queue, self.rps_cpus, self.rps_cpus_list = queue, cpus, cpus_list


class TxQueue(Record):
    """A transmit queue and the CPUs that send on it (XPS): ``xps_cpus``
    the kernel's hex mask, ``xps_cpus_list`` the same CPUs as a list."""

    _KEYS = ("queue", "xps_cpus", "xps_cpus_list")
    queue: str
    xps_cpus: Optional[str]
    xps_cpus_list: Optional[str]

    def __init__(self, queue: str, cpus: Optional[str], cpus_list: Optional[str] = None) -> None:
        self.queue, self.xps_cpus, self.xps_cpus_list = queue, cpus, cpus_list


class Irqs(Record):
    """Interrupts: the CLI's "irqs" object."""

    _KEYS = ("online_cpus", "vectors", "rx_queues", "tx_queues")
    online_cpus: Optional[int]
    vectors: list[IrqVector]
    rx_queues: list[RxQueue]
    tx_queues: list[TxQueue]

    def __init__(self, ptr: Any) -> None:
        self._read(_text(_c.mg_irqs_to_json, ptr))

    def _fill(self, d: Mapping[str, Any]) -> None:
        self.online_cpus = d["online_cpus"]
        self.vectors = [IrqVector(v) for v in d["vectors"]]
        self.rx_queues = [RxQueue(q["queue"], q["rps_cpus"], q["rps_cpus_list"]) for q in d["rx_queues"]]
        self.tx_queues = [TxQueue(q["queue"], q["xps_cpus"], q["xps_cpus_list"]) for q in d["tx_queues"]]


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

    def __init__(self, sensor: Mapping[str, Any]) -> None:
        self._fill(sensor)
    @classmethod
    def read_all(cls, ptr: Any) -> list[Temperature]:
        """Every sensor of a C temperatures object, from one call of its writer."""
        return [cls(t) for t in _loads(_text(_c.mg_temps_to_json, ptr))]


class KernelLogLine(Record):
    """One line of the kernel log about the adapter: one item of the CLI's
    "kernel_log" list. ``time`` is seconds since boot (CLOCK_MONOTONIC, as
    dmesg prints it), ``priority`` syslog's name of its level ("err",
    "info"), ``kind`` a stable id of the known message ("link-up",
    "firmware-missing"), ``about`` how it names the adapter ("device",
    "interface", "port", "host bridge") and ``source`` the file of the
    kernel tree that prints it."""

    _KEYS = ("time", "priority", "text", "meaning", "kind", "about", "source")
    time: Optional[float]
    priority: Optional[str]
    text: str
    meaning: str
    kind: str
    about: str
    source: str

    def __init__(self, line: Mapping[str, Any]) -> None:
        self._fill(line)

    @classmethod
    def read_all(cls, ptr: Any) -> Optional[list[KernelLogLine]]:
        """Every line of a C kernel log object; None when it could not be read."""
        lines = _loads(_text(_c.mg_kernel_log_to_json, ptr))
        return None if lines is None else [cls(line) for line in lines]


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

    def __init__(self, device: Mapping[str, Any]) -> None:
        self._fill(device)


class UsbInfo(Record):
    """A USB adapter's bus ceiling and place on the bus: the CLI's "usb"
    object. The four ceiling keys (link_mbps to expected_ceiling_mbps)
    are there only when the library knows the ceiling, as in the CLI."""

    _CEILING = ("link_mbps", "data_ceiling_mbps", "protocol_overhead_pct_estimate", "expected_ceiling_mbps")
    _KEYS = _CEILING + ("device", "speed_mbps", "usb_version", "port_speed_mbps", "port_usb_version", "driver",
                        "interface_class", "generic_driver", "vendor_driver", "vendor_driver_loaded",
                        "configuration", "configurations", "hubs", "root_hub_shared_with", "controller")
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
    # The host controller: {"name": "0000:01:00.0", "pci": True, "driver": "xhci_hcd"}, or None.
    controller: Optional[dict[str, Any]]

    def __init__(self, ptr: Any, throughput: Any = None) -> None:
        """From the C USB path and the C verdict whose bus ceiling opens the
        object (either may be None)."""
        self._read(_text(_c.mg_usb_info_to_json, ptr, throughput))

    def _fill(self, d: Mapping[str, Any]) -> None:
        self._has_ceiling = "link_mbps" in d
        super()._fill(d)
        self.hubs = [UsbDevice(h) for h in d.get("hubs") or []]
        self.root_hub_shared_with = [UsbDevice(p) for p in d.get("root_hub_shared_with") or []]
    def _shown(self) -> tuple[str, ...]:
        if not self._filled:
            self._fill_from_json()
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
        self._read(_text(_c.mg_cable_result_to_json, ptr, name, flags=_c.MG_JSON_TDR if tdr else 0))

    def _fill(self, d: Mapping[str, Any]) -> None:
        self.name = d["name"]
        self.pairs = [CablePair(p["pair"], p["code"], p["fault_length_cm"]) for p in d["pairs"]]
        self.tdr = None if "tdr" not in d else [TdrSample(t["pair"], t["distance_cm"], t["mv"]) for t in d["tdr"]]
    def _shown(self) -> tuple[str, ...]:
        return self._KEYS if self.tdr is not None else self._KEYS[:2]


# A group's name for each parameter, in the library's order.
_PARAM_GROUPS = [(_c.mg_param_name(p), _c.mg_param_group_name(_c.mg_param_get_group(p)))
                 for p in range(_c.MG_PARAM_COUNT)]


_G = TypeVar("_G", bound="SettingsGroup")


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

    @classmethod
    def _of(cls: type[_G], group: Mapping[str, Any]) -> _G:
        """The group as the library's JSON of the settings has it."""
        g = cls.__new__(cls)
        g.supported = group["supported"]
        g.error = group.get("error")
        for name, of in _PARAM_GROUPS:
            if of != cls.GROUP:
                continue
            key = _key(name)
            setattr(g, key, group.get(key))
            if key in cls._MAXIMA:
                setattr(g, key + "_max", group.get(key + "_max"))
        g._keys = tuple(group)
        return g

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


class Wiphy(Record):
    """One Wi-Fi card as nl80211 describes it: the objects of the CLI's
    ``wifi --json``. ``bands`` holds an object a band ("2.4GHz", "5GHz",
    "6GHz"; "ht", "vht", "he", "eht", "max_nss", "max_mcs",
    "max_width_mhz", "channels" ...), ``interfaces`` one an interface
    (a station's with its "link"); None where the kernel did not say, the
    reason under ``unknown``."""

    _KEYS = ("phy", "index", "interfaces", "bus", "address", "device_path", "driver", "firmware_version", "bands",
             "iftypes", "mlo", "antennas", "regulatory", "unknown")
    phy: Optional[str]
    index: int
    interfaces: list[dict[str, Any]]
    bus: str
    address: Optional[str]
    device_path: Optional[str]
    driver: Optional[str]
    firmware_version: Optional[str]
    bands: list[dict[str, Any]]
    iftypes: Optional[list[str]]
    mlo: Optional[bool]
    antennas: dict[str, Optional[str]]
    regulatory: dict[str, Any]
    unknown: dict[str, str]

    def __init__(self, d: Mapping[str, Any]) -> None:
        """From one object of the library's JSON of a wiphy list."""
        self._fill(d)

    def band(self, name: str) -> Optional[dict[str, Any]]:
        """The band called ``name`` ("2.4GHz", "5GHz", "6GHz"), or None."""
        for b in self.bands:
            if b.get("band") == name:
                return b
        return None

    def link(self, ifname: str) -> Optional[dict[str, Any]]:
        """The link of station interface ``ifname``, or None."""
        for f in self.interfaces:
            if f.get("name") == ifname:
                return cast(Optional[dict[str, Any]], f.get("link"))
        return None
