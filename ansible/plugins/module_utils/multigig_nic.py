# SPDX-License-Identifier: LGPL-2.1-or-later
"""What the multigig.nic modules share: the bindings imported (or why
not), the interface a task names (by name, MAC or PCI address), the
options of a change (persist, confirm, verify_peer), and a result or an
error of the library as a task's return."""

from __future__ import annotations

import traceback
from typing import Any, Optional

from ansible.module_utils.basic import AnsibleModule, missing_required_lib

try:
    import multigig
except ImportError:
    multigig = None
    IMPORT_ERROR: Optional[str] = traceback.format_exc()
else:
    IMPORT_ERROR = None

# An interface by one of these; the tasks of a fleet name it the way the machine knows it best.
TARGET_OPTIONS: dict[str, Any] = {
    "name": {"type": "str", "aliases": ["iface"]},
    "mac": {"type": "str"},
    "pci": {"type": "str"},
}
TARGET_RULES: dict[str, Any] = {
    "mutually_exclusive": [("name", "mac", "pci")],
    "required_one_of": [("name", "mac", "pci")],
}
# What a change takes besides its settings, as the library's apply() takes them.
CHANGE_OPTIONS: dict[str, Any] = {
    "persist": {"type": "bool", "default": False},
    "confirm": {"type": "int"},
    "verify_peer": {"type": "str"},
}

# The Ansible type of each kind of multigig.SETTINGS: what YAML gives is converted, or refused, by Ansible.
_TYPES = {"number": "int", "flag": "bool", "ring": "raw", "modes": "raw", "cpus": "raw", "wol": "str"}


def require_bindings(module: AnsibleModule) -> None:
    if multigig is None:
        module.fail_json(msg=missing_required_lib("multigig (Debian: python3-multigig)"), exception=IMPORT_ERROR)


def settings_spec() -> dict[str, Any]:
    """The settings option: every setting the library takes, by its own table
    (multigig.SETTINGS), typed by its kind, the one list of names there is.
    Without the bindings, any dict, so that the task fails saying they are missing."""
    spec: dict[str, Any] = {"type": "dict", "default": {}}
    if multigig is not None:
        spec["options"] = {name: {"type": _TYPES.get(kind, "raw")} for name, kind in multigig.SETTINGS.items()}
    return spec


def _by_mac(module: AnsibleModule, ctx: Any, mac: str) -> Optional[str]:
    """The interface with that MAC address; among several (a bridge, a VLAN, a bond share their
    port's), the one adapter that is not virtual, else the task fails naming them."""
    want = mac.lower()
    found = [n for n in ctx.nics() if n.name and (n.mac or "").lower() == want]
    if len(found) > 1:
        hardware = [n for n in found if n.bus != "virtual"]
        if len(hardware) != 1:
            module.fail_json(msg="%d interfaces have the MAC address %s (%s): name one" % (
                len(found), mac, ", ".join(sorted(str(n.name) for n in found))))
        found = hardware
    return str(found[0].name) if found else None


def interface(module: AnsibleModule, ctx: Any) -> str:
    """The interface name the task's name, mac or pci option names; fails the task when none is."""
    params = module.params
    try:
        if params.get("name"):
            return str(ctx.nic(params["name"]).name)
        if params.get("mac"):
            name = _by_mac(module, ctx, params["mac"])
            if not name:
                module.fail_json(msg="no interface has the MAC address %s" % params["mac"])
            return str(name)
        nic = ctx.nic(params["pci"])
    except OSError as e:
        module.fail_json(msg=e.strerror or str(e), errno=e.errno)
    if not nic.name:
        module.fail_json(msg="%s has no interface: %s" % (params["pci"], "no driver is bound" if not nic.has_driver
                                                           else "its driver made none"))
    return str(nic.name)


def changes_of(result: Any) -> list[dict[str, Any]]:
    """A result's changes as the task returns them: name, old, new and state."""
    return [{"name": c.name, "old": c.old, "new": c.new, "state": result.states.get(c.name)}
            for c in result.changes]


def diff_of(result: Any) -> dict[str, dict[str, Any]]:
    """--diff's before and after: each change's old and new value by its name."""
    return {"before": {c.name: c.old for c in result.changes}, "after": {c.name: c.new for c in result.changes}}


def fail_apply(module: AnsibleModule, error: Exception, ifname: Optional[str]) -> None:
    """A failed change as a failed task: the library's words, and what was rolled back."""
    if multigig is not None and isinstance(error, multigig.ApplyError):
        module.fail_json(msg=error.strerror or str(error), interface=ifname, errno=error.errno,
                         failed_group=error.failed_group, kernel_message=error.kernel_message,
                         rolled_back=error.rolled_back, changes=changes_of(error.result),
                         # What was made stays made only where the rollback did not undo it.
                         changed=bool(error.changed) and error.rolled_back is False)
    module.fail_json(msg=getattr(error, "strerror", None) or str(error), interface=ifname,
                     errno=getattr(error, "errno", None), changed=False)
