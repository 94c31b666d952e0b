/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a settings object asks beyond its parameters: EEE on or off, the
 * link modes to advertise, offloads by name, ASPM L1, the Wake-on-LAN
 * modes, and whether to persist them. Kept with the object; an apply
 * validates and makes them (eee.c, advertise.c, features.c, aspm.c, wol.c,
 * persist.c in apply/), and each group's ops say whether it is asked.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

struct mg_tune_want *mg_tune_want_of(struct mg_settings *s)
{
	if (!s->tune) {
		s->tune = calloc(1, sizeof(*s->tune));
		if (s->tune)
			s->tune->eee = s->tune->aspm_l1 = s->tune->wol = -1;
	}
	return s->tune;
}

void mg_tune_want_free(struct mg_tune_want *w)
{
	if (!w)
		return;
	free(w->advertise);
	free(w);
}

MG_EXPORT int mg_settings_set_eee(struct mg_settings *s, int on)
{
	struct mg_tune_want *w;

	if (!s || (on != 0 && on != 1))
		return -EINVAL;
	w = mg_tune_want_of(s);
	if (!w)
		return -ENOMEM;
	w->eee = on;
	return 0;
}

/* A name as the kernel spells them: printable, no space or comma, shorter than ETH_GSTRING_LEN. */
static bool name_ok(const char *name, size_t len)
{
	if (len == 0 || len >= MG_FEATURE_NAME)
		return false;
	for (size_t i = 0; i < len; i++)
		if (name[i] <= ' ' || name[i] > '~' || name[i] == ',')
			return false;
	return true;
}

static bool modes_ok(const char *modes)
{
	const char *start = modes;

	for (const char *p = modes;; p++) {
		if (*p && *p != ',')
			continue;
		if (!name_ok(start, (size_t)(p - start)))
			return false;
		if (!*p)
			return true;
		start = p + 1;
	}
}

MG_EXPORT int mg_settings_set_advertise(struct mg_settings *s, const char *modes)
{
	struct mg_tune_want *w;
	char *copy;

	if (!s || !modes || !modes_ok(modes))
		return -EINVAL;
	w = mg_tune_want_of(s);
	copy = w ? strdup(modes) : NULL;
	if (!copy)
		return -ENOMEM;
	free(w->advertise);
	w->advertise = copy;
	return 0;
}

MG_EXPORT int mg_settings_set_feature(struct mg_settings *s, const char *name, int on)
{
	struct mg_tune_want *w;
	size_t i;

	if (!s || !name || !name_ok(name, strlen(name)) || (on != 0 && on != 1))
		return -EINVAL;
	w = mg_tune_want_of(s);
	if (!w)
		return -ENOMEM;
	for (i = 0; i < w->feature_count; i++)
		if (mg_feature_name_eq(w->features[i].name, name))
			break;
	if (i == MG_FEATURE_WANT_MAX)
		return -E2BIG;
	mg_strlcpy(w->features[i].name, name, sizeof(w->features[i].name));
	w->features[i].on = on;
	if (i == w->feature_count)
		w->feature_count++;
	return 0;
}

MG_EXPORT int mg_settings_set_aspm_l1(struct mg_settings *s, int on)
{
	struct mg_tune_want *w;

	if (!s || (on != 0 && on != 1))
		return -EINVAL;
	w = mg_tune_want_of(s);
	if (!w)
		return -ENOMEM;
	w->aspm_l1 = on;
	return 0;
}

int mg_tune_want_wol(struct mg_settings *s, int mask)
{
	struct mg_tune_want *w = mg_tune_want_of(s);

	if (!w)
		return -ENOMEM;
	w->wol = mask;
	return 0;
}

MG_EXPORT int mg_settings_set_wol(struct mg_settings *s, const char *modes)
{
	unsigned int mask;

	if (!s || mg_wol_parse(modes, &mask) < 0)
		return -EINVAL;
	return mg_tune_want_wol(s, (int)mask);
}

MG_EXPORT int mg_settings_set_persist(struct mg_settings *s, int how)
{
	struct mg_tune_want *w;

	if (!s || (how != MG_PERSIST_NO && how != MG_PERSIST_WRITE && how != MG_PERSIST_REMOVE))
		return -EINVAL;
	w = mg_tune_want_of(s);
	if (!w)
		return -ENOMEM;
	w->persist = how;
	return 0;
}

/* Whether @a and @b name one feature: '-' and '_' are the same, as ethtool takes them. */
bool mg_feature_name_eq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if (*a != *b && !((*a == '-' || *a == '_') && (*b == '-' || *b == '_')))
			return false;
	return *a == *b;
}


int mg_tune_want_steer(struct mg_settings *s, enum mg_param_group g, int index, uint64_t mask)
{
	int k = mg_steer_kind(g);
	struct mg_tune_want *w = mg_tune_want_of(s);
	size_t i;

	if (!w)
		return -ENOMEM;
	/* The last one for an index counts, and one for every index replaces all before it. */
	if (index < 0)
		w->steer_count[k] = 0;
	for (i = 0; i < w->steer_count[k] && w->steer[k][i].index != index; i++)
		;
	if (i == MG_STEER_MAX)
		return -E2BIG;
	w->steer[k][i].index = index;
	w->steer[k][i].mask = mask;
	if (i == w->steer_count[k])
		w->steer_count[k]++;
	return 0;
}

static int set_steer(struct mg_settings *s, enum mg_param_group g, int index, const char *cpus, bool need_one)
{
	uint64_t mask;
	int err;

	if (!s || !cpus || index < -1)
		return -EINVAL;
	err = mg_cpumask_parse_asked(cpus, &mask);
	if (err < 0)
		return err;
	if (need_one && !mask)
		return -EINVAL;
	return mg_tune_want_steer(s, g, index, mask);
}

MG_EXPORT int mg_settings_set_rps_cpus(struct mg_settings *s, int queue, const char *cpus)
{
	return set_steer(s, MG_GROUP_RPS, queue, cpus, false);
}

MG_EXPORT int mg_settings_set_xps_cpus(struct mg_settings *s, int queue, const char *cpus)
{
	return set_steer(s, MG_GROUP_XPS, queue, cpus, false);
}

MG_EXPORT int mg_settings_set_irq_affinity(struct mg_settings *s, int irq, const char *cpus)
{
	return set_steer(s, MG_GROUP_IRQ_AFFINITY, irq, cpus, true);
}
