#!/usr/bin/python
# SPDX-License-Identifier: LGPL-2.1-or-later
"""multigig.nic.doctor: what holds the adapters back, and its fixes applied as one transaction."""

from __future__ import annotations

DOCUMENTATION = r"""
module: doctor
short_description: Find what holds network adapters back, and apply the fixes that are settings
version_added: "0.3.90"
description:
  - Runs libmultigig's doctor on one adapter or all, and returns its findings (each
    with its evidence, impact and fix), as C(multigig doctor --json).
  - With C(fix), the fixes that are settings changes are applied as one transaction
    over every interface they name, all or nothing, as C(multigig doctor --fix), with
    the same options as M(multigig.nic.settings) (C(persist), C(confirm),
    C(verify_peer)); in check mode they are planned and nothing changes.
options:
  name:
    description: One adapter, by its interface name or PCI address; all when left out.
    type: str
    aliases: [iface]
  fix:
    description: Apply the fixes that are settings changes.
    type: bool
    default: false
  interval:
    description: Seconds between the doctor's two samples of the counters (0.01 to 3600).
    type: float
    default: 1.0
extends_documentation_fragment:
  - multigig.nic.target.host
  - multigig.nic.target.change
"""

EXAMPLES = r"""
- name: Fix what the doctor can fix on every adapter, and keep it across reboots
  multigig.nic.doctor:
    fix: true
    persist: true
  register: doctor

- name: What is left, for a person
  ansible.builtin.debug:
    msg: "{{ doctor.findings | rejectattr('fixable') | map(attribute='title') }}"
"""

RETURN = r"""
findings:
  description: The doctor's findings, most important first.
  returned: always
  type: list
  elements: dict
changes:
  description: With C(fix), each change the fixes made (or, in check mode, would make).
  returned: always
  type: list
  elements: dict
"""

from ansible.module_utils.basic import AnsibleModule

from ansible_collections.multigig.nic.plugins.module_utils.multigig_nic import (
    CHANGE_OPTIONS, changes_of, diff_of, fail_apply, multigig, require_bindings)


def main() -> None:
    argument_spec = {"name": {"type": "str", "aliases": ["iface"]}, "fix": {"type": "bool", "default": False},
                     "interval": {"type": "float", "default": 1.0}}
    argument_spec.update(CHANGE_OPTIONS)
    module = AnsibleModule(argument_spec=argument_spec, supports_check_mode=True)
    require_bindings(module)
    params = module.params
    with multigig.Context() as ctx:
        try:
            if not params["fix"]:
                findings = ctx.doctor(params["name"], interval=params["interval"])
                module.exit_json(changed=False, findings=[f.to_dict() for f in findings], changes=[])
            findings, result = ctx.doctor_fix(params["name"], dry_run=module.check_mode, persist=params["persist"],
                                              confirm=params["confirm"], verify_peer=params["verify_peer"],
                                              interval=params["interval"])
        except (OSError, ValueError, TypeError) as e:
            fail_apply(module, e, params["name"])
    out = {"changed": bool(result.changes), "findings": [f.to_dict() for f in findings],
           "changes": changes_of(result)}
    if module._diff:
        out["diff"] = diff_of(result)
    module.exit_json(**out)


if __name__ == "__main__":
    main()
