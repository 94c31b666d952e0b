# SPDX-License-Identifier: LGPL-2.1-or-later
"""The options that name an interface, and what every module needs on the host."""

from __future__ import annotations


class ModuleDocFragment:
    DOCUMENTATION = r"""
options:
  name:
    description: The interface, by its name.
    type: str
    aliases: [iface]
  mac:
    description:
      - The interface, by its MAC address; where several have it (a bridge, a VLAN),
        the one that is no virtual device, else the task fails naming them.
    type: str
  pci:
    description: The interface of a PCI function, by its address (C(0000:01:00.0)).
    type: str
requirements:
  - python3-multigig (libmultigig's Python bindings) on the managed host
author:
  - libmultigig developers
"""

    # What a module that names no interface needs (a fragment must have options, if none).
    HOST = r"""
options: {}
requirements:
  - python3-multigig (libmultigig's Python bindings) on the managed host
author:
  - libmultigig developers
"""

    # What a change takes besides its settings.
    CHANGE = r"""
options:
  persist:
    description:
      - Also write the settings, as the transaction's last step, where udev applies them
        at every boot and re-plug (libmultigig's C(.link) file). The MTU, rings, channels,
        coalescing, pause, Wake-on-LAN and the offloads udev has keys for persist; others
        are refused before anything changes, with the reason, as is a value the
        NetworkManager connection active on the interface would put back.
    type: bool
    default: false
  confirm:
    description:
      - Keep the changes only if M(multigig.nic.confirm) comes within this many seconds,
        else they roll back by themselves, also when the control node has lost the
        machine. 1 to 3600.
    type: int
  verify_peer:
    description:
      - An address whose path must carry a new MTU; when it does not, every change rolls
        back.
    type: str
"""
