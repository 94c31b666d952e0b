"""The Prometheus timer's service against what the export reads: the
doctor it runs reads /dev/kmsg, which needs CAP_SYSLOG under Debian's
kernel.dmesg_restrict=1, and PCI config space past 64 bytes, which needs
CAP_SYS_ADMIN. Each need is taken from the library's own sources (the path
it opens, the capability its reason names), so that a sandboxing option
that hides one of them fails here rather than leaving every kernel-log
finding out of Prometheus unseen. Then systemd-analyze verify, when this
machine has it, on a copy that runs the built CLI.

    check-prometheus-unit.py SRCDIR CLI
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC, CLI = sys.argv[1], sys.argv[2]
DEBIAN = os.path.join(SRC, "debian")
SERVICE = os.path.join(DEBIAN, "multigig-tools.multigig-prometheus.service")
TIMER = os.path.join(DEBIAN, "multigig-tools.multigig-prometheus.timer")
failures = []


def source(rel):
    with open(os.path.join(SRC, rel)) as f:
        return f.read()


def service_settings():
    """{key: [value, ...]} of [Service], each line of a key kept in order."""
    settings, section = {}, None
    with open(SERVICE) as f:
        for line in f:
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("["):
                section = line
                continue
            if section == "[Service]":
                key, _, value = line.partition("=")
                settings.setdefault(key, []).append(value)
    return settings


def words(settings, key):
    return [w for v in settings.get(key, []) for w in v.split()]


def yes(settings, key):
    values = settings.get(key, [])
    return bool(values) and values[-1].lower() in ("yes", "true", "on", "1", "strict")


def check(ok, what):
    print("%s: %s" % ("ok" if ok else "FAILED", what))
    if not ok:
        failures.append(what)


s = service_settings()
caps = set(words(s, "CapabilityBoundingSet"))
# What the library opens and what its reasons say it needs.
kmsg = re.search(r'KMSG_PATH "(/dev/kmsg)"', source("lib/gather/kmsg.c"))
check(kmsg is not None, "the library reads the kernel log from /dev/kmsg")
check("needs CAP_SYSLOG" in source("lib/model/kernel-log.c"), "the library says the kernel log needs CAP_SYSLOG")
check("without CAP_SYS_ADMIN" in source("lib/model/pcie.c"), "the library says config space needs CAP_SYS_ADMIN")

check(not any(c.startswith("~") for c in caps), "CapabilityBoundingSet lists what it keeps")
check("CAP_SYSLOG" in caps, "CapabilityBoundingSet keeps CAP_SYSLOG (/dev/kmsg under dmesg_restrict=1)")
check("CAP_SYS_ADMIN" in caps, "CapabilityBoundingSet keeps CAP_SYS_ADMIN (config space past 64 bytes)")
check(not yes(s, "ProtectKernelLogs"), "ProtectKernelLogs is off: it takes /dev/kmsg and CAP_SYSLOG away")
check(not yes(s, "PrivateDevices"), "PrivateDevices is off: its /dev has no kmsg")
policy = (s.get("DevicePolicy") or ["auto"])[-1]
allowed = [v.split() for v in s.get("DeviceAllow", [])]
if policy != "auto" or allowed:
    check(any(a[0] == "/dev/kmsg" and "r" in (a[1] if len(a) > 1 else "rwm") for a in allowed),
          "DeviceAllow lets /dev/kmsg be read")
check(policy in ("closed", "strict"), "DevicePolicy closes every other device")
check(not s.get("User") and not s.get("DynamicUser"), "it runs as root: CAP_SYSLOG needs no ambient set")
exec_start = (s.get("ExecStart") or [""])[-1]
out = re.search(r"--output\s+(\S+)", exec_start)
check(out is not None, "ExecStart writes a file (--output)")
if out:
    check(os.path.dirname(out.group(1)) in words(s, "ReadWritePaths"), "ReadWritePaths holds the file's directory")
families = words(s, "RestrictAddressFamilies")
check(not families or "AF_NETLINK" in families, "netlink is allowed (rtnetlink, ethtool, nl80211)")

# systemd's own parser, when there is one: no unknown key, no bad value.
if shutil.which("systemd-analyze"):
    with tempfile.TemporaryDirectory() as tmp:
        with open(SERVICE) as f:
            text = f.read().replace("/usr/bin/multigig", os.path.abspath(CLI))
        with open(os.path.join(tmp, "multigig-prometheus.service"), "w") as f:
            f.write(text)
        shutil.copy(TIMER, os.path.join(tmp, "multigig-prometheus.timer"))
        r = subprocess.run(["systemd-analyze", "verify", "--man=no", os.path.join(tmp, "multigig-prometheus.service"),
                            os.path.join(tmp, "multigig-prometheus.timer")], capture_output=True, text=True)
        said = (r.stdout + r.stderr).strip()
        check(r.returncode == 0 and not said, "systemd-analyze verify: %s" % (said or "nothing to say"))
else:
    print("systemd-analyze is not installed: the unit's syntax is not checked")

print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
sys.exit(1 if failures else 0)
