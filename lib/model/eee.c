/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Energy-Efficient Ethernet over ethtool netlink (ETHTOOL_MSG_EEE_GET): on
 * or off, in use or not, the transmitter's low-power idle, and the link
 * modes EEE is supported and advertised on, as full link-mode bitsets so
 * that 2500baseT and 5000baseT appear (the EEE ioctl has 32 bits only).
 * One interface by one request; every interface from one dump, which
 * leaves out the drivers without EEE.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ethtool_netlink.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "model/model.h"

void mg_eee_init(struct mg_eee *e)
{
	memset(e, 0, sizeof(*e));
	e->supported = e->enabled = e->active = e->tx_lpi_enabled = MG_UNKNOWN;
	e->tx_lpi_timer = MG_UNKNOWN;
}

void mg_eee_clear(struct mg_eee *e)
{
	for (int w = 0; w < MG_MODES_PARTNER + 1; w++)
		mg_bits_clear(&e->modes[w]);
	free(e->error);
	free(e->modes_unknown);
	e->error = e->modes_unknown = NULL;
}

/* @field made the text of @fmt, or NULL for none; 0 or -ENOMEM. */
static MG_PRINTF(2, 3) int set_text(char **field, const char *fmt, ...)
{
	va_list ap;
	int n;

	free(*field);
	*field = NULL;
	if (!fmt)
		return 0;
	va_start(ap, fmt);
	n = vasprintf(field, fmt, ap);
	va_end(ap);
	if (n < 0) {
		*field = NULL;
		return -ENOMEM;
	}
	return 0;
}

static int get_bool(struct nlattr *a)
{
	return a ? nla_get_u8(a) != 0 : MG_UNKNOWN;
}

int mg_eee_parse_reply(const struct nlmsghdr *nlh, struct mg_eee *e)
{
	static const struct nla_policy policy[ETHTOOL_A_EEE_MAX + 1] = {
		[ETHTOOL_A_EEE_HEADER] = { .type = NLA_NESTED },
		[ETHTOOL_A_EEE_MODES_OURS] = { .type = NLA_NESTED },
		[ETHTOOL_A_EEE_MODES_PEER] = { .type = NLA_NESTED },
		[ETHTOOL_A_EEE_ACTIVE] = { .type = NLA_U8 },
		[ETHTOOL_A_EEE_ENABLED] = { .type = NLA_U8 },
		[ETHTOOL_A_EEE_TX_LPI_ENABLED] = { .type = NLA_U8 },
		[ETHTOOL_A_EEE_TX_LPI_TIMER] = { .type = NLA_U32 },
	};
	struct nlattr *tb[ETHTOOL_A_EEE_MAX + 1];
	unsigned int bits = 0;
	int err;

	if (mg_ethtool_parse_genl(nlh, ETHTOOL_MSG_EEE_GET_REPLY, tb, ETHTOOL_A_EEE_MAX, policy) < 0)
		return -EPROTO;
	mg_ethtool_parse_header(tb[ETHTOOL_A_EEE_HEADER], &e->ifindex, e->ifname, sizeof(e->ifname));
	e->active = get_bool(tb[ETHTOOL_A_EEE_ACTIVE]);
	e->enabled = get_bool(tb[ETHTOOL_A_EEE_ENABLED]);
	e->tx_lpi_enabled = get_bool(tb[ETHTOOL_A_EEE_TX_LPI_ENABLED]);
	if (tb[ETHTOOL_A_EEE_TX_LPI_TIMER])
		e->tx_lpi_timer = nla_get_u32(tb[ETHTOOL_A_EEE_TX_LPI_TIMER]);
	/* Ours: the mask is what EEE is supported on, the set bits where it is advertised. */
	if (tb[ETHTOOL_A_EEE_MODES_OURS] &&
	    (err = mg_bitset_parse(tb[ETHTOOL_A_EEE_MODES_OURS], &e->modes[MG_MODES_SUPPORTED],
				   &e->modes[MG_MODES_ADVERTISED], &bits)) < 0)
		return err;
	e->modes_bits = bits;
	if (tb[ETHTOOL_A_EEE_MODES_PEER] &&
	    (err = mg_bitset_parse(tb[ETHTOOL_A_EEE_MODES_PEER], NULL, &e->modes[MG_MODES_PARTNER], NULL)) < 0)
		return err;
	return mg_eee_conclude(e);
}

/*
 * Before 6.9 the kernel kept EEE modes in a u32 and sent bitsets of 32
 * bits: 2500baseT (bit 47), 5000baseT (48) and every mode from bit 32 on
 * cannot appear, whatever the PHY does. The reply says how wide its
 * bitsets are, so a capture tells it as the live kernel does.
 */
static bool modes_cut_short(const struct mg_eee *e)
{
	return e->modes_bits > 0 && e->modes_bits <= ETHTOOL_LINK_MODE_2500baseT_Full_BIT;
}

int mg_eee_conclude(struct mg_eee *e)
{
	bool short_bits = modes_cut_short(e);
	int err = set_text(&e->modes_unknown, NULL);

	if (short_bits)
		err = set_text(&e->modes_unknown,
			       "the kernel reports EEE on its first %u link modes only (Linux before 6.9): EEE on "
			       "2500baseT/Full, 5000baseT/Full and every later mode is unknown", e->modes_bits);
	/* A driver may answer for a PHY that has no EEE mode at all: nothing to turn on. */
	e->supported = e->modes[MG_MODES_SUPPORTED].count > 0;
	if (err == 0 && !e->supported)
		err = set_text(&e->error, "the driver reports no EEE link mode%s",
			       short_bits ? " among the first 32 (Linux before 6.9 reports no later one)" : "");
	else if (err == 0)
		err = set_text(&e->error, NULL);
	return err;
}

int mg_eee_unsupported(struct mg_eee *e, const char *driver)
{
	e->supported = 0;
	return set_text(&e->error, "%s does not support EEE", driver && *driver ? driver : "the driver");
}

static int on_one(const struct nlmsghdr *nlh, void *arg)
{
	struct mg_eee *e = arg;

	/* A reply that does not parse leaves what it could not say unknown. */
	if (mg_eee_parse_reply(nlh, e) == -ENOMEM)
		return -ENOMEM;
	return 0;
}

int mg_eee_read_into(struct mg_ctx *ctx, int ifindex, const char *ifname, const char *driver,
		     struct mg_eee **eee)
{
	struct mg_ethtool_req req = { .cmd = ETHTOOL_MSG_EEE_GET, .ifindex = ifindex, .ifname = ifname };
	struct mg_eee *e = malloc(sizeof(*e));
	int err;

	if (!e)
		return -ENOMEM;
	mg_eee_init(e);
	mg_strlcpy(e->ifname, ifname ? ifname : "", sizeof(e->ifname));
	e->ifindex = ifindex;
	err = mg_gather_ethtool(ctx, &req, on_one, e);
	if (err == -EOPNOTSUPP)
		err = mg_eee_unsupported(e, driver);
	if (err < 0) {
		mg_eee_free(e);
		return err;
	}
	*eee = e;
	return 0;
}

MG_EXPORT int mg_eee_read(struct mg_ctx *ctx, const char *ifname, struct mg_eee **eee)
{
	struct mg_drvinfo info;
	struct mg_link link;
	int err;

	if (!ctx || !eee)
		return -EINVAL;
	*eee = NULL;
	mg_clear_error(ctx);
	err = mg_read_link_by_name(ctx, ifname, "EEE", &link);
	if (err < 0)
		return err;
	/* The driver's name makes "does not support" concrete. */
	if (mg_gather_drvinfo(ctx, ifname, &info) < 0)
		info.driver[0] = '\0';
	err = mg_eee_read_into(ctx, link.ifindex, link.name, info.driver, eee);
	return err < 0 ? mg_gather_read_failed(ctx, ifname, "EEE", err) : 0;
}

MG_EXPORT int mg_eee_read_for_nic(struct mg_ctx *ctx, const struct mg_nic *nic, struct mg_eee **eee)
{
	int err;

	if (!ctx || !eee)
		return -EINVAL;
	*eee = NULL;
	mg_clear_error(ctx);
	if (mg_nic_need_interface(ctx, nic) < 0)
		return -ENODEV;
	err = mg_eee_read_into(ctx, nic->ifindex, nic->name, nic->driver, eee);
	return err < 0 ? mg_gather_read_failed(ctx, nic->name, "EEE", err) : 0;
}

MG_EXPORT void mg_eee_free(struct mg_eee *eee)
{
	if (!eee)
		return;
	mg_eee_clear(eee);
	free(eee);
}

/* ---- every interface from one dump ---- */

struct dump {
	struct mg_eee **items;	/* in index order, as the kernel dumps */
	size_t count, alloc;
};

static int on_dumped(const struct nlmsghdr *nlh, void *arg)
{
	struct dump *d = arg;
	struct mg_eee *e = malloc(sizeof(*e)), **grown;
	int err;

	if (!e)
		return -ENOMEM;
	mg_eee_init(e);
	err = mg_eee_parse_reply(nlh, e);
	grown = err == 0 ? mg_array_grow(d->items, &d->alloc, d->count, sizeof(*grown)) : NULL;
	if (!grown) {
		mg_eee_free(e);
		return err == -EPROTO ? 0 : -ENOMEM;
	}
	d->items = grown;
	d->items[d->count++] = e;
	return 0;
}

/* The dumped entry of @ifindex, taken out of @d; dumps come in index order. */
static struct mg_eee *take(struct dump *d, int ifindex)
{
	size_t lo = 0, hi = d->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		struct mg_eee *e = d->items[mid];

		if (e && e->ifindex == ifindex) {
			d->items[mid] = NULL;
			return e;
		}
		if (e && e->ifindex < ifindex)
			lo = mid + 1;
		else if (e)
			hi = mid;
		else
			break;
	}
	/* Out of order or already taken: look at each (a replayed capture may be in any order). */
	for (size_t i = 0; i < d->count; i++) {
		struct mg_eee *e = d->items[i];

		if (e && e->ifindex == ifindex) {
			d->items[i] = NULL;
			return e;
		}
	}
	return NULL;
}

/* An adapter the dump did not give: the driver lacks EEE, or (after a failed dump) ask it alone. */
static int fill_missing(struct mg_ctx *ctx, struct mg_nic *nic, bool dump_failed)
{
	struct mg_eee *e;
	int err;

	if (dump_failed) {
		err = mg_eee_read_into(ctx, nic->ifindex, nic->name, nic->driver, &nic->eee);
		if (err != -ENOMEM && err < 0)
			mg_info(ctx, "%s: reading EEE failed: %s; it stays unknown", nic->name, strerror(-err));
		return err == -ENOMEM ? err : 0;
	}
	e = malloc(sizeof(*e));
	if (!e)
		return -ENOMEM;
	mg_eee_init(e);
	mg_strlcpy(e->ifname, nic->name, sizeof(e->ifname));
	e->ifindex = nic->ifindex;
	nic->eee = e;
	return mg_eee_unsupported(e, nic->driver);
}

/*
 * One dump for every interface. The kernel leaves out a device whose driver
 * has no EEE, so an interface missing from the dump does not support it.
 * Where one driver's error ends the dump, the interfaces it did not reach
 * are asked one by one; a capture without EEE leaves every adapter without
 * an answer.
 */
int mg_eee_attach(struct mg_ctx *ctx, struct mg_nic **nics, size_t count)
{
	struct mg_ethtool_req req = { .cmd = ETHTOOL_MSG_EEE_GET };
	struct dump d = { 0 };
	int err = mg_gather_ethtool(ctx, &req, on_dumped, &d);
	bool failed = err < 0 && err != -ENOMEM && err != MG_ENOTRECORDED;

	if (failed)
		mg_info(ctx, "EEE dump failed (%s): reading the rest one by one", strerror(-err));
	if (err == MG_ENOTRECORDED)
		count = 0;
	if (err != -ENOMEM)
		err = 0;
	mg_clear_error(ctx);
	for (size_t i = 0; err == 0 && i < count; i++) {
		struct mg_nic *nic = nics[i];

		if (!nic->name || nic->eee)
			continue;
		nic->eee = take(&d, nic->ifindex);
		if (!nic->eee)
			err = fill_missing(ctx, nic, failed);
	}
	for (size_t i = 0; i < d.count; i++)
		mg_eee_free(d.items[i]);
	free(d.items);
	return err;
}

MG_GETTER(const struct mg_eee *, mg_nic_get_eee, mg_nic, eee, NULL)

/* ---- getters ---- */

MG_EXPORT const char *mg_eee_get_ifname(const struct mg_eee *e)
{
	return e && e->ifname[0] ? e->ifname : NULL;
}

MG_GETTER(int, mg_eee_get_supported, mg_eee, supported, MG_UNKNOWN)

MG_EXPORT const char *mg_eee_get_error(const struct mg_eee *e)
{
	return e ? e->error : NULL;
}

MG_GETTER(int, mg_eee_get_enabled, mg_eee, enabled, MG_UNKNOWN)
MG_GETTER(int, mg_eee_get_active, mg_eee, active, MG_UNKNOWN)
MG_GETTER(int, mg_eee_get_tx_lpi_enabled, mg_eee, tx_lpi_enabled, MG_UNKNOWN)
MG_GETTER(long long, mg_eee_get_tx_lpi_timer_usecs, mg_eee, tx_lpi_timer, MG_UNKNOWN)

MG_EXPORT size_t mg_eee_get_mode_count(const struct mg_eee *e, enum mg_modes which)
{
	return e && (unsigned int)which <= MG_MODES_PARTNER ? e->modes[which].count : 0;
}

MG_EXPORT const char *mg_eee_get_modes_unknown(const struct mg_eee *e)
{
	return e ? e->modes_unknown : NULL;
}

MG_EXPORT const char *mg_eee_get_mode(const struct mg_eee *e, enum mg_modes which, size_t index)
{
	if (!e || (unsigned int)which > MG_MODES_PARTNER || index >= e->modes[which].count)
		return NULL;
	return e->modes[which].names[index];
}
