# SPDX-License-Identifier: LGPL-2.1-or-later
"""The Prometheus export as Prometheus's own tools see it: promtool's
naming rules, doc/prometheus.md's alert rule evaluated by promtool over two
hosts, and Debian's node_exporter serving the textfile."""
import contextlib
import os
import re
import shutil
import socket
import stat
import subprocess
import time
import urllib.request

import pytest

CLI = os.environ["MULTIGIG_CLI"]
TREES = os.environ["FIXTURE_TREES"]
GUIDE = os.path.join(os.path.dirname(__file__), "..", "..", "doc", "prometheus.md")
NODE_EXPORTER = "/usr/bin/prometheus-node-exporter"
ALL_TREES = ["desktop", "pi5-rtl8126", "pi5-rtl8126-gen3", "cm4-rtl8125", "cm4-rtl8125-1g", "pi5-aqc107",
             "gen5-x16", "phys", "sensors-pc", "pi5-irq-cpu0", "usb-adapters"]

needs_promtool = pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool (Debian's prometheus) is missing")


def export(tree, *args):
    return subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, tree), "export", "--format", "prometheus"]
                          + list(args), check=True, capture_output=True, text=True).stdout


@needs_promtool
@pytest.mark.parametrize("tree", ALL_TREES)
def test_promtool_check_metrics_is_clean(tree):
    """Names, units, types and help as promtool's linter wants them."""
    text = export(tree, "--all")
    r = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True)
    assert r.returncode == 0 and not r.stdout.strip() and not r.stderr.strip(), r.stdout + r.stderr


def guide_alert_rule():
    text = open(GUIDE).read()
    block = re.search(r"An alert for an adapter whose PCIe link.*?```yaml\n(.*?)```", text, re.S)
    assert block, "doc/prometheus.md's alert rule is missing"
    return block.group(1)


HOP = 'device="eth1",hop="0",address="0000:01:00.0",role="endpoint"'
SERIES = "multigig_pcie_link_transfers_per_second"


@needs_promtool
def test_guide_alert_rule_for_two_hosts(tmp_path):
    """Two hosts with an eth1: the rule fires for the one that runs below
    its capability, with that host's labels, and for no other."""
    rules = "groups:\n  - name: multigig\n    rules:\n" + "".join(
        "      " + line + "\n" for line in guide_alert_rule().splitlines())
    (tmp_path / "rules.yml").write_text(rules)
    series = []
    for host, current, capable in (("a", 5e9, 8e9), ("b", 8e9, 8e9)):
        for state, v in (("current", current), ("capable", capable)):
            series.append("      - series: '%s{instance=\"%s:9100\",job=\"node\",%s,state=\"%s\"}'\n"
                          "        values: '%dx30'\n" % (SERIES, host, HOP, state, v))
    (tmp_path / "test.yml").write_text(
        "rule_files:\n  - rules.yml\nevaluation_interval: 1m\ntests:\n  - interval: 1m\n    input_series:\n"
        + "".join(series) +
        "    alert_rule_test:\n"
        "      - eval_time: 5m\n        alertname: NicPcieBelowCapability\n        exp_alerts: []\n"
        "      - eval_time: 15m\n        alertname: NicPcieBelowCapability\n        exp_alerts:\n"
        "          - exp_labels: {alertname: NicPcieBelowCapability, instance: 'a:9100', job: node, device: eth1,\n"
        "                         hop: '0', address: '0000:01:00.0', role: endpoint}\n"
        "            exp_annotations: {summary: 'eth1 negotiated PCIe below its capability'}\n")
    r = subprocess.run(["promtool", "test", "rules", "test.yml"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(not os.access(NODE_EXPORTER, os.X_OK), reason="Debian's prometheus-node-exporter is missing")
def test_node_exporter_serves_the_textfile(tmp_path):
    """Debian's node_exporter, textfile collector only, on 127.0.0.1: it
    reads the file without complaint and serves every multigig_* family
    with the values the export wrote."""
    from prometheus_client.parser import text_string_to_metric_families

    subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format", "prometheus",
                    "--output", str(tmp_path / "multigig.prom")], check=True)
    written = {(s.name, tuple(sorted(s.labels.items())), s.value)
               for f in text_string_to_metric_families((tmp_path / "multigig.prom").read_text()) for s in f.samples}
    port = free_port()
    server = subprocess.Popen([NODE_EXPORTER, "--web.listen-address=127.0.0.1:%d" % port,
                               "--collector.disable-defaults", "--collector.textfile",
                               "--collector.textfile.directory=%s" % tmp_path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        body = None
        for _ in range(100):
            try:
                body = urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=2).read().decode()
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
        assert body is not None, server.stderr.read().decode() if server.poll() is not None else "no answer"
    finally:
        server.terminate()
        server.wait(timeout=10)
    families = {f.name: f for f in text_string_to_metric_families(body)}
    (err,) = families["node_textfile_scrape_error"].samples
    assert err.value == 0
    served = {(s.name, tuple(sorted(s.labels.items())), s.value)
              for name, f in families.items() if name.startswith("multigig_") for s in f.samples}
    assert served == written
    names = {name for name in families if name.startswith("multigig_")}
    assert {"multigig_nic_info", "multigig_pcie_link_transfers_per_second", "multigig_aer_errors",
            "multigig_expected_goodput_bytes_per_second", "multigig_doctor_finding"} <= names


def test_output_dash_is_stdout(tmp_path):
    """--output - writes to stdout, never a file named '-'."""
    r = subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format",
                        "prometheus", "--output", "-"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == export("pi5-rtl8126") and not r.stderr
    assert list(tmp_path.iterdir()) == []


def test_write_error_on_stdout_is_one_line():
    with open("/dev/full", "w") as full:
        r = subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format",
                            "prometheus"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 1
    assert r.stderr == "multigig: export: cannot write the output: No space left on device\n"


def test_output_to_a_fifo_writes_into_it(tmp_path):
    """A FIFO (as /dev/null or a terminal) is written into, not renamed over:
    `--output /dev/null` once replaced the device node with a regular file."""
    fifo = tmp_path / "metrics.fifo"
    os.mkfifo(fifo)
    # Held open for reading, so the writer's open does not wait; the text
    # (some 5 kB) fits in the pipe, read once the export has ended.
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        r = subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format",
                            "prometheus", "--output", str(fifo)], capture_output=True, text=True, timeout=30)
        got = b""
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(fd, 65536):
                got += chunk
    finally:
        os.close(fd)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got.decode() == export("pi5-rtl8126")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["metrics.fifo"]


def test_output_through_a_link_keeps_the_link(tmp_path):
    """A link is followed: the file it names is replaced whole, the link stays."""
    (tmp_path / "real.prom").write_text("old\n")
    (tmp_path / "multigig.prom").symlink_to("real.prom")
    r = subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format",
                        "prometheus", "--output", str(tmp_path / "multigig.prom")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert os.readlink(tmp_path / "multigig.prom") == "real.prom"
    assert (tmp_path / "real.prom").read_text() == export("pi5-rtl8126")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["multigig.prom", "real.prom"]


@pytest.mark.parametrize("where, said", [("", "the file name is empty"), (".", "is a directory")])
def test_output_to_a_directory_or_nothing_is_refused(tmp_path, where, said):
    r = subprocess.run([CLI, "--sysfs-root", os.path.join(TREES, "pi5-rtl8126"), "export", "--format",
                        "prometheus", "--output", where], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2 and said in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []
