/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Reading settings from the kernel: one interface by index (its link,
 * then one ethtool request per group), or every interface from one dump
 * per group (ethtool.c makes the requests and parses the replies).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

static void put_mtu(struct mg_settings *s, const struct mg_link *l)
{
	if (l->mtu != MG_UNKNOWN)
		mg_settings_put(s, MG_PARAM_MTU, l->mtu);
	if (l->max_mtu > 0) {
		mg_settings_put_max(s, MG_PARAM_MTU, l->max_mtu);
	}
	if (l->min_mtu != MG_UNKNOWN)
		mg_settings_put_min(s, MG_PARAM_MTU, l->min_mtu);
	s->group_read[MG_GROUP_MTU] = true;
}

/*
 * One interface: its link (MTU and limits) by one request, then one
 * ethtool request per group, all addressed by index.
 */
int mg_settings_read_into(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
			  struct mg_settings *s)
{
	struct mg_link link;
	int err;

	mg_settings_init(s);
	err = mg_gather_link_said(ctx, ifindex > 0 ? NULL : ifname, ifindex, &link);
	if (err < 0)
		return err;
	mg_strlcpy(s->ifname, link.name, sizeof(s->ifname));
	s->ifindex = link.ifindex;
	put_mtu(s, &link);
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT; g++) {
		err = mg_ethtool_read_group(ctx, s->ifindex, s->ifname, (enum mg_param_group)g, s);
		if (err == -EOPNOTSUPP) {
			mg_settings_unsupported(s, (enum mg_param_group)g, driver);
			continue;
		}
		if (err < 0)
			return mg_gather_read_failed(ctx, s->ifname, mg_settings_group_what((enum mg_param_group)g), err);
	}
	return 0;
}

static int read_new(struct mg_ctx *ctx, const char *ifname, int ifindex, const char *driver,
		    struct mg_settings **settings)
{
	struct mg_settings *s = malloc(sizeof(*s));
	int err;

	if (!s)
		return -ENOMEM;
	err = mg_settings_read_into(ctx, ifname, ifindex, driver, s);
	if (err < 0) {
		free(s);
		return err;
	}
	*settings = s;
	return 0;
}

MG_EXPORT int mg_settings_read(struct mg_ctx *ctx, const char *ifname, struct mg_settings **settings)
{
	struct mg_drvinfo info;
	int err;

	if (!ctx || !settings)
		return -EINVAL;
	*settings = NULL;
	mg_clear_error(ctx);
	err = mg_settings_check_name(ctx, ifname);
	if (err < 0)
		return err;
	/* The driver's name makes "does not support" concrete. */
	if (mg_gather_drvinfo(ctx, ifname, &info) < 0)
		info.driver[0] = '\0';
	return read_new(ctx, ifname, 0, info.driver, settings);
}

MG_EXPORT int mg_settings_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic,
				       struct mg_settings **settings)
{
	if (!ctx || !settings)
		return -EINVAL;
	*settings = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	return read_new(ctx, nic->name, nic->ifindex, nic->driver, settings);
}

static int add_links(struct mg_ctx *ctx, struct mg_settings_list *list)
{
	struct mg_link *links;
	size_t n;
	int err = mg_gather_links(ctx, &links, &n);

	if (err < 0)
		return err;
	for (size_t i = 0; i < n && err == 0; i++) {
		struct mg_settings *s = mg_settings_list_find(list, links[i].ifindex, links[i].name);

		if (!s)
			err = -ENOMEM;
		else
			put_mtu(s, &links[i]);
	}
	free(links);
	return err;
}

/*
 * One dump per ethtool message. A group whose dump fails (one driver's
 * error ends the kernel's dump) is marked, for its interfaces to be read
 * one by one; a capture without the message marks it not recorded.
 */
int mg_settings_list_read_bare(struct mg_ctx *ctx, struct mg_settings_list **list)
{
	struct mg_settings_list *l = calloc(1, sizeof(*l));
	int err = 0;

	if (!l)
		return -ENOMEM;
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT && err != -ENOMEM; g++) {
		err = mg_ethtool_dump_group(ctx, (enum mg_param_group)g, l);
		if (err == MG_ENOTRECORDED)
			l->not_recorded |= 1u << g;
		else if (err < 0 && err != -ENOMEM) {
			mg_info(ctx, "dump of %s failed (%s): reading them one by one", mg_settings_group_what(g),
				strerror(-err));
			l->failed |= 1u << g;
		}
	}
	mg_clear_error(ctx);
	if (err == -ENOMEM) {
		mg_settings_list_free(l);
		return err;
	}
	*list = l;
	return 0;
}

/*
 * The groups the dumps did not give @s: read one by one where a dump
 * failed, said to be missing from a capture, or else the driver lacks them.
 */
static void fill_missing(struct mg_ctx *ctx, struct mg_settings *s, const char *driver,
			 const struct mg_settings_list *dumped)
{
	for (int g = MG_GROUP_RINGS; g < MG_GROUP_COUNT; g++) {
		int err = -EOPNOTSUPP;

		if (s->group_read[g] || s->group_error[g][0])
			continue;
		if (dumped->not_recorded & (1u << g)) {
			snprintf(s->group_error[g], sizeof(s->group_error[g]), "this capture holds no %s",
				 mg_settings_group_what((enum mg_param_group)g));
			continue;
		}
		if (dumped->failed & (1u << g))
			err = mg_ethtool_read_group(ctx, s->ifindex, s->ifname, (enum mg_param_group)g, s);
		/* A dump leaves out devices whose driver lacks the operation. */
		if (err == -EOPNOTSUPP)
			mg_settings_unsupported(s, (enum mg_param_group)g, driver);
		else if (err < 0)
			snprintf(s->group_error[g], sizeof(s->group_error[g]), "reading %s failed: %s",
				 mg_settings_group_what((enum mg_param_group)g), strerror(-err));
	}
}

/* What an adapter already knows (its MTU), then what the dumps missed. */
void mg_settings_from_nic(struct mg_ctx *ctx, struct mg_settings *s, const struct mg_nic *nic,
			  const struct mg_settings_list *dumped)
{
	struct mg_link link;

	mg_link_init(&link);
	link.mtu = nic->mtu;
	link.min_mtu = nic->min_mtu;
	link.max_mtu = nic->max_mtu;
	put_mtu(s, &link);
	if (nic->name)
		mg_strlcpy(s->ifname, nic->name, sizeof(s->ifname));
	fill_missing(ctx, s, nic->driver, dumped);
}

MG_EXPORT int mg_settings_list_read(struct mg_ctx *ctx, struct mg_settings_list **list)
{
	struct mg_settings_list *l = NULL;
	int err;

	if (!ctx || !list)
		return -EINVAL;
	*list = NULL;
	mg_clear_error(ctx);
	err = mg_settings_list_read_bare(ctx, &l);
	if (err == 0)
		err = add_links(ctx, l);
	if (err < 0) {
		mg_settings_list_free(l);
		return ctx->error[0] ? err : mg_fail(ctx, err, "settings dump failed: %s", strerror(-err));
	}
	for (size_t i = 0; i < l->count; i++)
		fill_missing(ctx, l->items[i], NULL, l);
	*list = l;
	return 0;
}

