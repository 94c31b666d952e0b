#!/usr/bin/python
# SPDX-License-Identifier: LGPL-2.1-or-later
"""multigig.nic.settings: an interface's settings as one libmultigig transaction."""

from __future__ import annotations

DOCUMENTATION = r"""
module: settings
short_description: Tune a network adapter's settings as one libmultigig transaction
version_added: "0.3.90"
description:
  - Makes the settings given for one interface (MTU, rings, channels, coalescing,
    pause, EEE, advertised link modes, ASPM L1, offloads, Wake-on-LAN, RPS, XPS and
    IRQ affinity) as one libmultigig transaction, all or nothing, as
    C(multigig set) does; a value already in place is no change, so a second run
    reports C(changed=false).
  - The change is journaled before it is made; when a step fails, every change made
    is rolled back and the task fails with the library's words, saying what was
    rolled back.
  - In check mode the transaction is planned and nothing changes; with C(--diff) each
    setting's value before and after is shown.
  - Runs on the managed host through libmultigig's Python bindings (python3-multigig),
    never through a command; changing settings needs root (CAP_NET_ADMIN).
options:
  settings:
    description:
      - Each setting to make and its value. The names are those of the library's own
        table, C(multigig.SETTINGS) on the managed host (C(mtu), C(rx_ring),
        C(combined), C(rx_usecs), C(adaptive_rx), C(pause_rx), C(eee), C(aspm_l1),
        C(advertise), C(rps_cpus), C(xps_cpus), C(irq_affinity), C(wol), ...), typed by
        their kind; a name it does not have is refused.
      - A ring takes a number or C(max); C(advertise) C(all) or a list of link modes;
        the CPU settings a CPU list (C(0-3)) or a mapping from a queue's number to
        its CPUs; C(wol) ethtool's letters (C(g), C(d) for none).
    type: dict
    default: {}
  features:
    description: Offloads by the kernel's names (C(rx-gro), C(tx-tcp-segmentation)), on or off.
    type: dict
    default: {}
extends_documentation_fragment:
  - multigig.nic.target
  - multigig.nic.target.change
"""

EXAMPLES = r"""
- name: Jumbo frames and the largest RX ring on the 10G port, kept across reboots
  multigig.nic.settings:
    name: enp1s0
    settings:
      mtu: 9000
      rx_ring: max
      adaptive_rx: true
    persist: true

- name: EEE off and GRO on, by MAC address, confirmed at the end of the play
  multigig.nic.settings:
    mac: "88:c9:b3:b5:23:81"
    settings:
      eee: false
    features:
      rx-gro: true
    confirm: 120
"""

RETURN = r"""
interface:
  description: The interface changed.
  returned: always
  type: str
changes:
  description: Each change, with its value before and after and its state (applied, planned, rolled back...).
  returned: always
  type: list
  elements: dict
confirm_pending:
  description: Whether the changes await M(multigig.nic.confirm).
  returned: success
  type: bool
rolled_back:
  description: On failure, whether every change made was rolled back.
  returned: failure
  type: bool
failed_group:
  description: On failure, the group whose step failed (C(mtu), C(rings), ...).
  returned: failure
  type: str
kernel_message:
  description: On failure, the kernel's own words (its extack message), when it gave any.
  returned: failure
  type: str
"""

from ansible.module_utils.basic import AnsibleModule

from ansible_collections.multigig.nic.plugins.module_utils.multigig_nic import (
    CHANGE_OPTIONS, TARGET_OPTIONS, TARGET_RULES, changes_of, diff_of, fail_apply, interface, multigig,
    require_bindings, settings_spec)


def main() -> None:
    argument_spec = dict(TARGET_OPTIONS)
    argument_spec.update(CHANGE_OPTIONS)
    argument_spec["settings"] = settings_spec()
    argument_spec["features"] = {"type": "dict", "default": {}}
    module = AnsibleModule(argument_spec=argument_spec, supports_check_mode=True, **TARGET_RULES)
    require_bindings(module)
    params = module.params
    wanted = {k: v for k, v in (params["settings"] or {}).items() if v is not None}
    features = params["features"] or {}
    ifname = None
    with multigig.Context() as ctx:
        try:
            ifname = interface(module, ctx)
            result = ctx.apply(ifname, dry_run=module.check_mode, features=features or None,
                               persist=params["persist"], confirm=params["confirm"],
                               verify_peer=params["verify_peer"], **wanted)
        except (OSError, ValueError, TypeError) as e:
            fail_apply(module, e, ifname)
    changed = bool(result.changes)
    out = {"changed": changed, "interface": ifname, "changes": changes_of(result),
           "confirm_pending": bool(changed and params["confirm"] and not module.check_mode)}
    if module._diff:
        out["diff"] = diff_of(result)
    module.exit_json(**out)


if __name__ == "__main__":
    main()
