#!/usr/bin/python
# SPDX-License-Identifier: LGPL-2.1-or-later
"""multigig.nic.confirm: keep changes made with a confirm window."""

from __future__ import annotations

DOCUMENTATION = r"""
module: confirm
short_description: Keep the changes a multigig.nic task made with a confirm window
version_added: "0.3.90"
description:
  - Changes made with the C(confirm) option of M(multigig.nic.settings) or
    M(multigig.nic.doctor) roll back by themselves when their window ends. This
    task, placed at the end of the play, keeps them, as C(multigig confirm) does.
  - When the play never gets here (the changes cut the control node off), the
    window ends and the machine puts the values back by itself.
  - Nothing awaiting confirmation is no change; a window that has ended fails the task.
extends_documentation_fragment:
  - multigig.nic.target
"""

EXAMPLES = r"""
- name: Change the MTU, then keep it only if the play still reaches the machine
  multigig.nic.settings:
    name: eth1
    settings:
      mtu: 9000
    confirm: 60
- name: The play got here over the new MTU
  multigig.nic.confirm:
    name: eth1
"""

RETURN = r"""
interface:
  description: The interface whose changes were kept.
  returned: always
  type: str
"""

import errno

from ansible.module_utils.basic import AnsibleModule

from ansible_collections.multigig.nic.plugins.module_utils.multigig_nic import (
    TARGET_OPTIONS, TARGET_RULES, interface, multigig, require_bindings)


def main() -> None:
    module = AnsibleModule(argument_spec=dict(TARGET_OPTIONS), supports_check_mode=True, **TARGET_RULES)
    require_bindings(module)
    with multigig.Context() as ctx:
        ifname = interface(module, ctx)
        if module.check_mode:
            # The settings task of a check run made nothing, so nothing awaits confirmation.
            module.exit_json(changed=False, interface=ifname)
        try:
            ctx.confirm(ifname)
        except OSError as e:
            if e.errno == errno.ENOENT:
                module.exit_json(changed=False, interface=ifname, msg="no change of %s awaits confirmation" % ifname)
            module.fail_json(msg=e.strerror or str(e), interface=ifname, errno=e.errno)
    module.exit_json(changed=True, interface=ifname)


if __name__ == "__main__":
    main()
