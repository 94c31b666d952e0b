/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libmultigig: what a multi-gigabit network adapter can really do on this
 * machine.
 *
 * Conventions:
 * - Every fallible call returns 0 or a negative errno. The context keeps a
 *   human-readable message for the last failure: mg_ctx_last_error().
 * - Objects are opaque. Constructors hand the object back through an
 *   out-parameter. Shared objects are reference counted (_ref/_unref).
 * - A value the kernel or the hardware did not report is unknown, never 0:
 *   integer getters return MG_UNKNOWN, string getters return NULL.
 * - A context is used by one thread at a time; separate contexts are
 *   independent of each other.
 * - The library never prints; it logs through the context's log function.
 */
#ifndef MULTIGIG_MULTIGIG_H
#define MULTIGIG_MULTIGIG_H

/* One header per concept, each including the one before it. */
#include <multigig/context.h>
#include <multigig/nic.h>
#include <multigig/pcie.h>
#include <multigig/throughput.h>
#include <multigig/settings.h>
#include <multigig/link.h>
#include <multigig/doctor.h>
#include <multigig/evidence.h>
#include <multigig/report.h>
#include <multigig/wifi.h>

#endif /* MULTIGIG_MULTIGIG_H */
