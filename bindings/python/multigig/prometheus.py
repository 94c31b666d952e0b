# SPDX-License-Identifier: LGPL-2.1-or-later
"""A prometheus_client collector with the metrics of ``multigig export
--format prometheus``: register it in a service that already exposes
metrics, or use the CLI's --output for node_exporter's textfile collector.

    from prometheus_client import REGISTRY
    from multigig.prometheus import Collector
    REGISTRY.register(Collector())
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Optional, Union

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric

import multigig

__all__ = ["Collector", "label_value"]

# What one adapter contributes: the Nic, its label, its path, the verdict
# and the Ethernet link.
_Adapter = tuple[multigig.Nic, str, Optional[multigig.PciePath], multigig.Throughput, Optional[multigig.Link]]

_SEVERITIES = ("critical", "warning", "info")
_AER_SEVERITIES = ("correctable", "nonfatal", "fatal")
_HOP_LABELS = ["device", "hop", "address", "role"]


def label_value(value: Optional[str]) -> str:
    """A label value as the CLI writes it: valid UTF-8, where each control
    character but the newline (C0, DEL, C1) and each byte that is not
    UTF-8 (a surrogate escape in Python) becomes the four characters
    ``\\xNN``."""
    out = []
    for ch in value or "":
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:  # a byte that was not UTF-8
            out.append("\\x%02x" % (o - 0xDC00))
        elif (o < 0x20 and ch != "\n") or 0x7F <= o <= 0x9F:
            out.extend("\\x%02x" % b for b in ch.encode("utf-8"))
        else:
            out.append(ch)
    return "".join(out)


def _bytes_per_second(gbps: float) -> int:
    # From the three-decimal Gbit/s the CLI prints, as it does.
    return round(float("%.3f" % gbps) * 1.25e8)


class Collector:
    """Gathers once per scrape (a snapshot: a constant number of netlink
    requests) and yields the same families and values as the CLI."""

    def __init__(self, sysfs_root: Optional[str] = None, all_adapters: bool = False) -> None:
        self._root = sysfs_root
        self._all = all_adapters

    def __repr__(self) -> str:
        return "<multigig.prometheus.Collector sysfs_root=%r all_adapters=%r>" % (self._root, self._all)

    def describe(self) -> list[Metric]:
        return []

    def collect(self) -> Iterator[Metric]:
        with multigig.Context(self._root) as ctx:
            nics = [n for n in ctx.snapshot() if self._all or n.bus != "virtual"]
            findings = ctx.doctor(interval=None)
            adapters: list[_Adapter] = []
            for nic in nics:
                device = nic.name or nic.address or ""
                path = None
                if nic.bus == "pci":
                    try:
                        path = nic.pcie()
                    except OSError:
                        pass  # a path that cannot be read has no PCIe metrics, as in the CLI
                link = nic.link() if nic.name else None
                adapters.append((nic, device, path, nic.throughput(), link))
        yield from self._families(adapters, findings)

    @staticmethod
    def _families(adapters: Sequence[_Adapter], findings: Sequence[multigig.Finding]) -> list[Metric]:
        info = GaugeMetricFamily("multigig_nic_info", "Identity of a network adapter (always 1).",
                                 labels=["device", "driver", "driver_version", "firmware_version", "bus",
                                         "vendor_id", "device_id", "chip"])
        speed = GaugeMetricFamily("multigig_link_speed_bytes_per_second",
                                  "Negotiated Ethernet link speed in bytes per second.", labels=["device"])
        gts = GaugeMetricFamily("multigig_pcie_link_transfers_per_second",
                                "PCIe link speed of each hop in transfers per second per lane.",
                                labels=_HOP_LABELS + ["state"])
        width = GaugeMetricFamily("multigig_pcie_link_lanes", "PCIe link width of each hop in lanes.",
                                  labels=_HOP_LABELS + ["state"])
        avail = GaugeMetricFamily("multigig_pcie_available_bytes_per_second",
                                  "PCIe bandwidth available to the adapter, as the kernel counts it, in bytes "
                                  "per second.", labels=["device"])
        aer = CounterMetricFamily("multigig_aer_errors_total",
                                  "PCIe errors each hop reported since boot (Advanced Error Reporting), by "
                                  "severity.", labels=_HOP_LABELS + ["severity"])
        expected = GaugeMetricFamily("multigig_expected_goodput_bytes_per_second",
                                     "Expected TCP goodput per direction in bytes per second.",
                                     labels=["device", "direction"])
        limited = GaugeMetricFamily("multigig_limited", "What limits the expected throughput (always 1).",
                                    labels=["device", "direction", "by"])
        carrier = CounterMetricFamily("multigig_carrier_changes_total",
                                      "Times the link's carrier came up or went down since the interface was "
                                      "made.", labels=["device"])
        dropped = CounterMetricFamily("multigig_dropped_packets_total",
                                      "Packets the driver or the stack dropped, per direction.",
                                      labels=["device", "direction"])
        errors = CounterMetricFamily("multigig_packet_errors_total", "Receive and transmit errors of any kind.",
                                     labels=["device", "direction"])
        missed = CounterMetricFamily("multigig_missed_frames_total",
                                     "Frames the adapter missed for want of a receive buffer (rx_missed_errors).",
                                     labels=["device"])
        temps = GaugeMetricFamily("multigig_temperature_celsius",
                                  "Temperature of each hwmon sensor of the adapter, its PHY or its interface.",
                                  labels=["device", "chip", "sensor", "source", "label"])
        doctor = GaugeMetricFamily("multigig_doctor_findings", "Doctor findings per adapter and severity.",
                                   labels=["device", "severity"])
        finding = GaugeMetricFamily("multigig_doctor_finding", "Each doctor finding by its id (always 1).",
                                    labels=["device", "id", "severity"])
        for nic, device, path, tp, link in adapters:
            dev = label_value(device)
            info.add_metric([dev] + [label_value(v) for v in (
                nic.driver, nic.driver_version, nic.firmware_version, nic.bus, nic.vendor_id, nic.device_id,
                nic.chip)], 1)
            mbps = (link.speed_mbps if link else None) or nic.speed_mbps
            if mbps and mbps > 0:
                speed.add_metric([dev], mbps * 125000)
            for hop, node in enumerate(path.path if path else []):
                hop_labels = [dev, str(hop), label_value(node["address"]), node["role"]]
                hop_values: tuple[tuple[str, Union[int, float, None], Optional[int]], ...] = (
                    ("current", node["speed_gts"], node["width"]),
                    ("capable", node["cap_speed_gts"], node["cap_width"]))
                for state, s, w in hop_values:
                    if s:
                        gts.add_metric(hop_labels + [state], round(s * 1e9))
                    if w:
                        width.add_metric(hop_labels + [state], w)
                for severity in _AER_SEVERITIES:
                    counts = (node["aer"] or {}).get(severity)
                    if counts and counts["total"] is not None:
                        aer.add_metric(hop_labels + [severity], counts["total"])
            if path and path.limit and path.limit["available_gbps"]:
                avail.add_metric([dev], _bytes_per_second(path.limit["available_gbps"]))
            for direction in ("rx", "tx"):
                value: Optional[float] = getattr(tp, "expected_%s_gbps" % direction)
                if value is not None:
                    expected.add_metric([dev, direction], _bytes_per_second(value))
                by: Optional[str] = getattr(tp, "limited_by_%s" % direction)
                if by is not None and by != "unknown":
                    limited.add_metric([dev, direction, by], 1)
            stats = nic.stats()
            if stats is not None:
                if stats.carrier_changes is not None:
                    carrier.add_metric([dev], stats.carrier_changes)
                for direction in ("rx", "tx"):
                    for family, key in ((dropped, "%s_dropped"), (errors, "%s_errors")):
                        v: Optional[int] = getattr(stats, key % direction)
                        if v is not None:
                            family.add_metric([dev, direction], v)
                if stats.rx_missed_errors is not None:
                    missed.add_metric([dev], stats.rx_missed_errors)
            for t in nic.temperatures():
                if t.celsius is not None:
                    temps.add_metric([dev] + [label_value(x) for x in (t.chip, t.sensor, t.source, t.label)],
                                     t.celsius)
            for severity in _SEVERITIES:
                doctor.add_metric([dev, severity],
                                  sum(1 for f in findings if f.nic == device and f.severity == severity))
            for f in findings:
                if f.nic == device:
                    finding.add_metric([dev, f.id, f.severity], 1)
        return [info, speed, gts, width, avail, aer, expected, limited, carrier, dropped, errors, missed, temps,
                doctor, finding]
