/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * compose/: what puts the layers below together for one question:
 * enumerate (the adapters and their parts), doctor (gather, decide,
 * plan the fixes), capture, sampler (watch), report. Its functions are
 * the API's; it shares no declarations of its own.
 */
#ifndef MG_COMPOSE_COMPOSE_H
#define MG_COMPOSE_COMPOSE_H

#include "apply/apply.h"
#include "present/present.h"

#endif
