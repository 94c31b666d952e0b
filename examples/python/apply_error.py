#!/usr/bin/python3
"""What a failed apply says: the MTU changes, then the kernel refuses the
channels (no receive or transmit channel left), and the MTU is put back.
Run it as root, on an interface you may change.

    apply_error.py IFACE
"""
import sys

import multigig

ifname = sys.argv[1]
with multigig.Context() as ctx:
    try:
        ctx.apply(ifname, mtu=9000, rx=0, tx=0)
    except multigig.ApplyError as e:
        print(e.errno, e.strerror)      # the whole message
        print(e.failed_group)           # "channels"
        print(e.kernel_message)         # the kernel's extended ack, or None
        print(e.rolled_back)            # True: every change made was undone
        print(e.changed)                # [Change(name='mtu', old=1500, new=9000)]
        print(e.result.states)          # {'mtu': 'rolled_back', 'rx': 'planned', 'tx': 'planned'}
