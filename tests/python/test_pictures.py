# SPDX-License-Identifier: LGPL-2.1-or-later
"""The pictures: PciePath.to_svg() and multigig.report() against the CLI's
--svg and report --html on fixture trees; both parsed by lxml as XML
(well-formed, SVG 1.1, nothing to run or fetch), their text checked for the
limiting link, the ceilings and the advice; a tree made hostile on purpose
stays text; and both rendered by a headless chromium."""
import os
import shutil
import struct
import subprocess
import tempfile
import zlib

import pytest
from lxml import etree

import multigig

TREES = os.environ["FIXTURE_TREES"]
CLI = os.environ["MULTIGIG_CLI"]
SVG_NS = "{http://www.w3.org/2000/svg}"

# Fixture, interface, the limiting link's label, words of the advice (or None).
PATHS = [
    ("pi5-rtl8126", "eth1", "capable 8 GT/s x1 / running 5 GT/s x1", "dtparam=pciex1_gen=3"),
    ("pi5-rtl8126-gen3", "eth1", "capable 8 GT/s x1 / running 5 GT/s x1", "trained at 5 GT/s"),
    ("cm4-rtl8125", "eth1", None, None),
    ("pi5-aqc107", "eth1", None, None),
    ("gen5-x16", "ens1f0np0", "capable 32 GT/s x16 / running 32 GT/s x16", None),
    ("desktop", "enp1s0", "capable 2.5 GT/s x4 / running 2.5 GT/s x4", None),
]


def tree(name):
    return os.path.join(TREES, name)


def cli(*args, check=True):
    return subprocess.run([CLI, *args], check=check, capture_output=True, text=True)


def xml(text):
    """Parse strictly: any error in well-formedness raises."""
    return etree.fromstring(text.encode("utf-8"), etree.XMLParser(resolve_entities=False, no_network=True))


def texts(root):
    """What a reader sees: each text element's words, tspans joined."""
    return ["".join(el.itertext()) for el in root.iter(SVG_NS + "text")]


def nothing_active(root):
    """No script, no event handler, no link to follow, no style sheet to load."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        name = etree.QName(el).localname
        assert name not in ("script", "iframe", "object", "embed", "img", "image", "link", "foreignObject")
        for attr in el.attrib:
            local = etree.QName(attr).localname
            assert not local.startswith("on"), (name, attr)
            assert local not in ("src", "href") or el.attrib[attr].startswith("#"), (name, attr)


def svg_of(name, iface):
    with multigig.Context(tree(name)) as ctx:
        return ctx.nic(iface).pcie().to_svg()


@pytest.mark.parametrize("name,iface,label,advice", PATHS)
def test_svg_equals_cli_and_is_well_formed(name, iface, label, advice):
    ours = svg_of(name, iface)
    assert ours == cli("--sysfs-root", tree(name), "pcie", iface, "--svg").stdout
    root = xml(ours)
    assert root.tag == SVG_NS + "svg" and root.get("version") == "1.1"
    assert int(root.get("width")) > 0 and int(root.get("height")) > 0
    nothing_active(root)
    words = texts(root)
    assert any(w.startswith("PCIe path of %s" % iface) for w in words)
    if label:
        assert label in words
    if advice:
        assert advice in " ".join(words)


def test_svg_pi5_story():
    words = texts(xml(svg_of("pi5-rtl8126", "eth1")))
    # The limiting hop and its link; the ceilings per direction beside the Ethernet rate.
    assert "limit of the path" in words
    assert "the narrowest link of the path: 4.000 Gb/s available" in words
    assert "3.451 Gbit/s: the limit" in words and "3.434 Gbit/s: the limit" in words
    assert "4.707 Gbit/s" in words
    assert "Ethernet 5000 Mbit/s: 4.707 Gbit/s of TCP goodput at MTU 1500" in words
    assert "Expected: receive 3.451 Gbit/s (PCIe), transmit 3.434 Gbit/s (PCIe)" in words


def test_svg_to_file_is_the_same(tmp_path):
    out = tmp_path / "path.svg"
    cli("--sysfs-root", tree("pi5-rtl8126"), "pcie", "eth1", "--svg", str(out))
    assert out.read_text() == svg_of("pi5-rtl8126", "eth1")
    out2 = tmp_path / "path2.svg"
    cli("--sysfs-root", tree("pi5-rtl8126"), "pcie", "--svg=" + str(out2), "eth1")
    assert out2.read_text() == out.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["path.svg", "path2.svg"]


def test_svg_needs_an_open_context():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        path = ctx.pcie("eth1")
    with pytest.raises(ValueError):
        path.to_svg()
    assert path.to_dict()["limit"]["address"] == "0001:00:00.0"


@pytest.mark.parametrize("name,target", [("pi5-rtl8126", None), ("desktop", None), ("virtio-vm", None),
                                         ("desktop", "enp1s0"), ("gen5-x16", "ens1f0np0")])
def test_report_equals_cli_and_is_well_formed(name, target, tmp_path):
    out = tmp_path / "report.html"
    args = ["--sysfs-root", tree(name), "report"] + ([target] if target else ["--all"]) + ["--html", str(out)]
    cli(*args)
    with multigig.Context(tree(name)) as ctx:
        ours = multigig.report(ctx, target)
        assert multigig.report(ctx, ctx.nic(target) if target else None) == ours
    assert out.read_text() == ours
    root = xml(ours)
    assert root.tag == "html"
    nothing_active(root)
    csp = root.find("head/meta[@http-equiv='Content-Security-Policy']")
    assert csp is not None and "default-src 'none'" in csp.get("content")
    body = "".join(root.find("body").itertext())
    assert "From a capture, not a live machine" in body and tree(name) in body
    with multigig.Context(tree(name)) as ctx:
        nics = [ctx.nic(target)] if target else [n for n in ctx.nics() if n.bus != "virtual"]
        for nic in nics:
            label = nic.name or nic.address
            assert root.xpath("//h2[starts-with(normalize-space(.), $l)]", l=label)
            if nic.bus != "pci":
                continue
            try:
                svg = nic.pcie().to_svg()
            except OSError as e:
                # An unreadable path is said so, where the drawing would be.
                assert "The path could not be read" in body and e.errno > 0
                continue
            # The drawing inline, the same as to_svg() but for its XML declaration.
            assert svg.split("\n", 1)[1] in ours


def test_report_pi5_contents():
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        page = multigig.report(ctx)
        findings = ctx.doctor()
    root = xml(page)
    rows = {"".join(tr.find("th").itertext()): "".join(tr.find("td").itertext())
            for tr in root.iter("tr") if tr.find("th") is not None and tr.find("td") is not None}
    assert rows["board"] == "Raspberry Pi 5 Model B Rev 1.0" and rows["kernel"] == "unknown"
    assert rows["driver"] == "r8169" and rows["firmware"] == "rtl8126a-3_0.0.1 09/06/23"
    # Settings with their maxima.
    cells = [["".join(td.itertext()) for td in tr.findall("td")] for tr in root.iter("tr")]
    assert ["mtu", "1500", "9194"] in cells
    # Only the groups that have parameters, none of them an empty row; a capture
    # without offloads says why instead.
    assert "nothing reported" not in page
    assert not any(c and c[0] in ("features", "eee", "advertise", "aspm") for c in cells)
    assert "The offloads could not be read: " in "".join(root.find("body").itertext())
    # The summary's column is pci.ids' device name, as the identity table's "device".
    assert "<th>address</th><th>device</th><th>driver</th>" in page
    # Every finding with its fix.
    text = "".join(root.find("body").itertext())
    for f in findings:
        assert f.title in text and f.fix in text
    svg = root.find(".//" + SVG_NS + "svg")
    assert "capable 8 GT/s x1 / running 5 GT/s x1" in texts(svg)


def test_report_to_stdout_and_file_from_python(tmp_path):
    page = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "eth1", "--html", "-").stdout
    out = tmp_path / "r.html"
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        assert multigig.report(ctx, "eth1", html=str(out)) == page
    assert out.read_text() == page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]


def test_report_usage_errors():
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "eth1", check=False)
    assert r.returncode == 2 and "--html" in r.stderr
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "--html", "-", "--watch", "5", check=False)
    assert r.returncode == 2 and "name it" in r.stderr and not r.stdout
    # A capture is one moment: nothing to watch.
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "eth1", "--html", "-", "--watch", "5", check=False)
    assert r.returncode == 1 and "cannot be watched" in r.stderr and not r.stdout
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "--html", "-", "--watch", "zero", check=False)
    assert r.returncode == 2
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "show", "eth1", "--svg", check=False)
    assert r.returncode == 2 and "--svg belongs to 'pcie'" in r.stderr
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "--json", "pcie", "eth1", "--svg", check=False)
    assert r.returncode == 2
    r = cli("--sysfs-root", tree("pi5-rtl8126"), "report", "nosuch0", "--html", "-", check=False)
    assert r.returncode == 1 and not r.stdout
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        with pytest.raises(ValueError):
            multigig.report(ctx, watch=5)
        with pytest.raises(FileNotFoundError):
            multigig.report(ctx, "nosuch0")


# A capture from someone else: markup and bad bytes where names and versions go.
EVIL = "<script>alert(1)</script><b onload=\"x\">&amp;'</b>\x01"


@pytest.fixture
def hostile(tmp_path):
    root = tmp_path / "tree"
    shutil.copytree(tree("pi5-rtl8126"), root, symlinks=True)
    (root / "firmware/devicetree/base/model").write_bytes(EVIL.encode() + b"\xff\x00")
    sidecar = root / "multigig/net/eth1"
    lines = [l for l in sidecar.read_text().splitlines() if not l.startswith(("driver_version", "firmware"))]
    lines += ["driver_version=" + EVIL, "firmware_version=\"><img src=x>"]
    sidecar.write_text("\n".join(lines) + "\n")
    (root / "multigig/CAPTURE").write_text("kernel=" + EVIL + "\nsource=live\n")
    return str(root)


def test_hostile_strings_stay_text(hostile):
    with multigig.Context(hostile) as ctx:
        svg = ctx.nic("eth1").pcie().to_svg()
        page = multigig.report(ctx)
    assert svg == cli("--sysfs-root", hostile, "pcie", "eth1", "--svg").stdout
    assert page == cli("--sysfs-root", hostile, "report", "--html", "-").stdout
    # Control characters and bad bytes as the CLI's text shows them: \x01 and \xff, not U+FFFD for both.
    shown = EVIL.replace("\x01", "\\x01") + "\\xff"
    for doc in (svg, page):
        root = xml(doc)
        nothing_active(root)
        assert not [el for el in root.iter() if isinstance(el.tag, str) and etree.QName(el).localname == "b"]
        assert shown in "".join(root.itertext())
    rows = {"".join(tr.find("th").itertext()): "".join(tr.find("td").itertext())
            for tr in xml(page).iter("tr") if tr.find("th") is not None and tr.find("td") is not None}
    assert rows["kernel"] == EVIL.replace("\x01", "\\x01")
    # ethtool's driver info holds 32 bytes: cut, but still text.
    assert rows["driver version"] == EVIL[:32]
    assert rows["firmware"] == "\"><img src=x>"


# ---- rendered by a browser ----

def _png_pixels(data):
    """Decode an 8-bit RGB or RGBA PNG (what chromium writes): rows of bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xff
            elif kind == 2:
                line[i] = (line[i] + b) & 0xff
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xff
        rows.append(bytes(line))
        prev = line
    return rows, bpp


def _chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _run_chromium(browser, profile, *args):
    # As root chromium needs --no-sandbox; the pages are our own files.
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0", *args]
    return subprocess.run(cmd, capture_output=True, timeout=90)


@pytest.fixture(scope="module")
def browser():
    path = _chromium()
    if not path:
        pytest.skip("no chromium installed (scripts/setup-deps installs it)")
    with tempfile.TemporaryDirectory() as profile:
        try:
            r = _run_chromium(path, profile, "--dump-dom", "data:text/html,<p>ok</p>")
        except (OSError, subprocess.TimeoutExpired) as e:
            pytest.skip("chromium cannot start here: %s" % e)
        if r.returncode != 0 or b"<p>ok</p>" not in r.stdout:
            pytest.skip("chromium cannot start here: %s" % r.stderr.decode(errors="replace")[-300:])
        yield path, profile


def _console_errors(stderr):
    # With --enable-logging chromium logs each console message as ...:CONSOLE(line)] "text".
    return [l for l in stderr.decode(errors="replace").splitlines() if ":CONSOLE" in l]


@pytest.mark.parametrize("kind", ["svg", "html"])
def test_rendered_in_chromium(browser, kind, tmp_path):
    path, profile = browser
    page = tmp_path / ("pi5." + kind)
    with multigig.Context(tree("pi5-rtl8126")) as ctx:
        page.write_text(ctx.nic("eth1").pcie().to_svg() if kind == "svg" else multigig.report(ctx))
    url = "file://" + str(page)
    dom = _run_chromium(path, profile, "--dump-dom", url)
    assert dom.returncode == 0
    assert not _console_errors(dom.stderr)
    assert b"capable 8 GT/s x1 / running 5 GT/s x1" in dom.stdout
    assert b"limit of the path" in dom.stdout
    shot = tmp_path / "shot.png"
    size = "800,700" if kind == "svg" else "1000,2000"
    r = _run_chromium(path, profile, "--hide-scrollbars", "--window-size=" + size, "--screenshot=" + str(shot), url)
    assert r.returncode == 0 and shot.exists()
    assert not _console_errors(r.stderr)
    rows, bpp = _png_pixels(shot.read_bytes())
    # Not blank: many colours, and red (the limiting link) among them.
    pixels = {row[i:i + 3] for row in rows[::4] for i in range(0, len(row), bpp * 4)}
    assert len(pixels) > 20
    assert any(r > 150 and g < 90 and b < 90 for r, g, b in pixels)
