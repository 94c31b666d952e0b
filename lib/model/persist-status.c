/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What persists of an interface's settings, as the API hands it out: the
 * .link file udev applies at the next add, NetworkManager's active
 * connection, and each setting they carry beside the running value.
 * apply/persist-status.c reads it.
 */
#include <errno.h>
#include <stdlib.h>

#include "model/model.h"

MG_EXPORT void mg_persist_status_free(struct mg_persist_status *s)
{
	free(s);
}

MG_EXPORT const char *mg_persist_status_get_ifname(const struct mg_persist_status *s)
{
	return s ? s->ifname : NULL;
}

MG_EXPORT const char *mg_persist_status_get_file(const struct mg_persist_status *s)
{
	return s && s->file[0] ? s->file : NULL;
}

MG_EXPORT int mg_persist_status_is_ours(const struct mg_persist_status *s)
{
	return s ? s->ours : -EINVAL;
}

MG_EXPORT const char *mg_persist_status_get_reason(const struct mg_persist_status *s)
{
	return s && s->why[0] ? s->why : NULL;
}

MG_EXPORT const char *mg_persist_status_get_connection(const struct mg_persist_status *s)
{
	return s && s->connection[0] ? s->connection : NULL;
}

MG_EXPORT const char *mg_persist_status_get_connection_uuid(const struct mg_persist_status *s)
{
	return s && s->connection[0] ? s->uuid : NULL;
}

MG_EXPORT const char *mg_persist_status_get_connection_reason(const struct mg_persist_status *s)
{
	return s && !s->connection[0] && s->nm_why[0] ? s->nm_why : NULL;
}

MG_EXPORT size_t mg_persist_status_count(const struct mg_persist_status *s)
{
	return s ? s->count : 0;
}

static const struct mg_persist_row *row_at(const struct mg_persist_status *s, size_t i)
{
	return s && i < s->count ? &s->rows[i] : NULL;
}

MG_EXPORT const char *mg_persist_status_get_setting(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->setting : NULL;
}

MG_EXPORT const char *mg_persist_status_get_engine(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->engine : NULL;
}

MG_EXPORT const char *mg_persist_status_get_key(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->key : NULL;
}

MG_EXPORT const char *mg_persist_status_get_source(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) && row_at(s, i)->source[0] ? row_at(s, i)->source : NULL;
}

MG_EXPORT const char *mg_persist_status_get_running(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) && row_at(s, i)->running[0] ? row_at(s, i)->running : NULL;
}

MG_EXPORT const char *mg_persist_status_get_persisted(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->persisted : NULL;
}

MG_EXPORT int mg_persist_status_get_drift(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->drift : -EINVAL;
}

MG_EXPORT int mg_persist_status_get_conflict(const struct mg_persist_status *s, size_t i)
{
	return row_at(s, i) ? row_at(s, i)->conflict : -EINVAL;
}
