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

from prometheus_client.core import GaugeMetricFamily, Metric

import multigig

# What one adapter contributes: the Nic, its label, its path, the verdict
# and the Ethernet link.
_Adapter = tuple[multigig.Nic, str, Optional[multigig.PciePath], multigig.Throughput, Optional[multigig.Link]]

_SEVERITIES = ("critical", "warning", "info")
_HOP_LABELS = ["device", "hop", "address", "role", "state"]


class Collector:
    """Gathers once per scrape (a snapshot: a constant number of netlink
    requests) and yields the same families and values as the CLI."""

    def __init__(self, sysfs_root: Optional[str] = None, all_adapters: bool = False) -> None:
        self._root = sysfs_root
        self._all = all_adapters

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
        speed = GaugeMetricFamily("multigig_link_speed_mbps", "Negotiated Ethernet link speed in Mbit/s.",
                                  labels=["device"])
        gts = GaugeMetricFamily("multigig_pcie_link_speed_gts", "PCIe link speed of each hop in GT/s.",
                                labels=_HOP_LABELS)
        width = GaugeMetricFamily("multigig_pcie_link_width", "PCIe link width of each hop in lanes.",
                                  labels=_HOP_LABELS)
        avail = GaugeMetricFamily("multigig_pcie_available_gbps",
                                  "PCIe bandwidth available to the adapter, as the kernel counts it, in Gbit/s.",
                                  labels=["device"])
        expected = GaugeMetricFamily("multigig_expected_gbps", "Expected TCP goodput per direction in Gbit/s.",
                                     labels=["device", "direction"])
        limited = GaugeMetricFamily("multigig_limited", "What limits the expected throughput (always 1).",
                                    labels=["device", "direction", "by"])
        doctor = GaugeMetricFamily("multigig_doctor_findings", "Doctor findings per adapter and severity.",
                                   labels=["device", "severity"])
        for nic, device, path, tp, link in adapters:
            info.add_metric([device, nic.driver or "", nic.driver_version or "", nic.firmware_version or "",
                             nic.bus, nic.vendor_id or "", nic.device_id or "", nic.chip or ""], 1)
            mbps = (link.speed_mbps if link else None) or nic.speed_mbps
            if mbps:
                speed.add_metric([device], mbps)
            for hop, node in enumerate(path.path if path else []):
                hop_values: tuple[tuple[str, Union[int, float, None], Optional[int]], ...] = (
                    ("current", node["speed_gts"], node["width"]),
                    ("capable", node["cap_speed_gts"], node["cap_width"]))
                for state, s, w in hop_values:
                    labels = [device, str(hop), node["address"], node["role"], state]
                    if s:
                        gts.add_metric(labels, s)
                    if w:
                        width.add_metric(labels, w)
            if path and path.limit and path.limit["available_gbps"]:
                avail.add_metric([device], path.limit["available_gbps"])
            for direction in ("rx", "tx"):
                value: Optional[float] = getattr(tp, "expected_%s_gbps" % direction)
                if value is not None:
                    expected.add_metric([device, direction], value)
                by: Optional[str] = getattr(tp, "limited_by_%s" % direction)
                if by is not None and by != "unknown":
                    limited.add_metric([device, direction, by], 1)
            for severity in _SEVERITIES:
                doctor.add_metric([device, severity],
                                  sum(1 for f in findings if f.nic == device and f.severity == severity))
        return [info, speed, gts, width, avail, expected, limited, doctor]
