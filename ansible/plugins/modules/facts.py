#!/usr/bin/python
# SPDX-License-Identifier: LGPL-2.1-or-later
"""multigig.nic.facts: adapters, PCIe paths, links, Wi-Fi and the doctor's findings as facts."""

from __future__ import annotations

DOCUMENTATION = r"""
module: facts
short_description: Network adapters as libmultigig sees them, as facts a play can branch on
version_added: "0.3.90"
description:
  - Sets C(ansible_facts.multigig), reachable in a play as C(multigig), with
    C(adapters) (each adapter's identity as C(multigig show --json) gives it, with its
    C(settings), C(link), C(pcie) path and C(throughput) ceiling where it has them),
    C(wifi) (each Wi-Fi card's capabilities and interfaces, as C(multigig wifi --json))
    and C(findings) (the doctor's findings, most important first, as
    C(multigig doctor --json)).
  - Reads only; check mode changes nothing either.
options:
  doctor:
    description: Run the doctor for C(findings); it samples the counters over C(interval).
    type: bool
    default: true
  interval:
    description: Seconds between the doctor's two samples (0.01 to 3600).
    type: float
    default: 1.0
extends_documentation_fragment:
  - multigig.nic.target.host
"""

EXAMPLES = r"""
- name: What each machine's adapters can do
  multigig.nic.facts:

- name: Say which machines negotiated a slow PCIe link
  ansible.builtin.debug:
    msg: "{{ item.title }}"
  loop: "{{ multigig.findings | selectattr('id', 'eq', 'pcie-below-capability') }}"
"""

RETURN = r"""
ansible_facts:
  description: C(multigig) with C(adapters), C(wifi) and C(findings).
  returned: always
  type: dict
"""

from typing import Any, Callable

from ansible.module_utils.basic import AnsibleModule

from ansible_collections.multigig.nic.plugins.module_utils.multigig_nic import multigig, require_bindings


def _part(read: Callable[[], Any]) -> Any:
    """What one reading gives as a dict, None where the adapter has no such part (or refuses it)."""
    try:
        value = read()
    except (OSError, ValueError):
        return None
    return value.to_dict() if value is not None else None


def _adapter(nic: Any) -> dict[str, Any]:
    out = nic.to_dict(detail=True)
    if nic.name:
        out["settings"] = _part(nic.settings)
        out["link"] = _part(nic.link)
    out["pcie"] = _part(nic.pcie) if nic.bus in ("pci", "usb") else None
    out["throughput"] = _part(nic.throughput)
    return out


def main() -> None:
    module = AnsibleModule(argument_spec={"doctor": {"type": "bool", "default": True},
                                          "interval": {"type": "float", "default": 1.0}},
                           supports_check_mode=True)
    require_bindings(module)
    with multigig.Context() as ctx:
        try:
            facts = {"adapters": [_adapter(n) for n in ctx.snapshot()],
                     "wifi": [w.to_dict() for w in ctx.wiphys()],
                     "findings": ([f.to_dict() for f in ctx.doctor(interval=module.params["interval"])]
                                  if module.params["doctor"] else [])}
        except (OSError, ValueError) as e:
            module.fail_json(msg=getattr(e, "strerror", None) or str(e))
    module.exit_json(changed=False, ansible_facts={"multigig": facts})


if __name__ == "__main__":
    main()
