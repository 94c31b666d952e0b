/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Persisting through udev: a .link file of ours in /etc/systemd/network
 * that udev applies when the device is added (at boot, at a re-plug).
 * udev applies the first file, by name, whose [Match] fits, and only that
 * one: ours must sort before the file that applies now and do what that
 * one did, or the interface loses its name (NamePolicy=) and the rest. So
 * ours matches the device alone, and carries over every line of the file
 * it displaces but that file's [Match], with our keys after them.
 *
 * The device is matched by what a re-plug keeps: a USB adapter by its
 * permanent MAC address (its path changes with the port), any other with a
 * path by the path (a PCI slot), and by its permanent MAC address too where
 * other interfaces share that path (DSA switch ports, a dual-port PCI
 * function), a virtual device by the name it was made with.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "apply/apply.h"

#define LINK_DIR "/etc/systemd/network"
#define PREFIX "10-multigig-"

/* A name part from @s: letters and digits kept, anything else '_'. */
static void file_word(const char *s, char *out, size_t size)
{
	size_t i = 0;

	for (; *s && i + 1 < size; s++)
		out[i++] = ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
			    *s == '-') ? *s : '_';
	out[i] = '\0';
}

static bool is_usb(const struct mg_udev_net *u)
{
	return !strcmp(u->bus, "usb") || strstr(u->path, "-usb-");
}

/* A MAC address that names one device: not all zeros. */
static bool real_mac(const char *mac)
{
	return mac && mac[0] && strspn(mac, "0:") != strlen(mac);
}

static int count_entry(struct mg_ctx *ctx, const char *name, void *data)
{
	(void)ctx, (void)name;
	(*(int *)data)++;
	return 0;
}

bool mg_link_shares_device(struct mg_ctx *ctx, const char *ifname)
{
	char rel[96];
	int n = 0;

	snprintf(rel, sizeof(rel), "class/net/%s/device/net", ifname);
	return mg_sysfs_foreach(ctx, rel, count_entry, &n) == 0 && n > 1;
}

/* A device that shares its path: the path, and its permanent address to tell it from the others. */
static int shared_path(struct mg_ctx *ctx, const char *ifname, const struct mg_udev_net *u, const char *perm_mac,
		       struct mg_link_target *lt)
{
	char word[96], mac[32];

	if (!real_mac(perm_mac))
		return mg_fail(ctx, -EOPNOTSUPP,
			       "other interfaces share its device path %s, and without a permanent MAC address it "
			       "cannot be told from them",
			       u->path);
	mg_strlcpy(lt->match_key, "Path", sizeof(lt->match_key));
	mg_strlcpy(lt->match_value, u->path, sizeof(lt->match_value));
	mg_strlcpy(lt->mac_key, "PermanentMACAddress", sizeof(lt->mac_key));
	mg_strlcpy(lt->mac_value, perm_mac, sizeof(lt->mac_value));
	mg_strlcpy(lt->how, "by its device path, which other interfaces share, and its permanent MAC address",
		   sizeof(lt->how));
	file_word(u->path, word, sizeof(word));
	file_word(perm_mac, mac, sizeof(mac));
	snprintf(lt->file, sizeof(lt->file), LINK_DIR "/" PREFIX "%s-%s.link", word, mac);
	(void)ifname;
	return 0;
}

int mg_link_target_of(struct mg_ctx *ctx, const char *ifname, const struct mg_udev_net *u, const char *perm_mac,
		      bool shared, struct mg_link_target *lt)
{
	char word[96];

	memset(lt, 0, sizeof(*lt));
	if (is_usb(u)) {
		if (!real_mac(perm_mac))
			return mg_fail(ctx, -EOPNOTSUPP,
				       "%s: a USB adapter without a permanent MAC address cannot be told apart after "
				       "a re-plug, which changes its path",
				       ifname);
		mg_strlcpy(lt->match_key, "PermanentMACAddress", sizeof(lt->match_key));
		mg_strlcpy(lt->match_value, perm_mac, sizeof(lt->match_value));
		mg_strlcpy(lt->how, "by its permanent MAC address, which a re-plug into another port keeps",
			   sizeof(lt->how));
		file_word(perm_mac, word, sizeof(word));
		snprintf(lt->file, sizeof(lt->file), LINK_DIR "/" PREFIX "mac-%s.link", word);
	} else if (u->path[0] && shared) {
		return shared_path(ctx, ifname, u, perm_mac, lt);
	} else if (u->path[0]) {
		mg_strlcpy(lt->match_key, "Path", sizeof(lt->match_key));
		mg_strlcpy(lt->match_value, u->path, sizeof(lt->match_value));
		mg_strlcpy(lt->how, "by its device path, which a reboot keeps", sizeof(lt->how));
		file_word(u->path, word, sizeof(word));
		snprintf(lt->file, sizeof(lt->file), LINK_DIR "/" PREFIX "%s.link", word);
	} else {
		mg_strlcpy(lt->match_key, "OriginalName", sizeof(lt->match_key));
		mg_strlcpy(lt->match_value, ifname, sizeof(lt->match_value));
		mg_strlcpy(lt->how, "by the name it is made with: it is a virtual device, with no path", sizeof(lt->how));
		file_word(ifname, word, sizeof(word));
		snprintf(lt->file, sizeof(lt->file), LINK_DIR "/" PREFIX "name-%s.link", word);
	}
	return 0;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int mg_link_may_take_place(struct mg_ctx *ctx, const char *ifname, const struct mg_link_target *lt,
			   const char *applies)
{
	if (!applies[0] || !strcmp(applies, lt->file))
		return 0;
	/* Only the first file that fits applies: one before ours would stay the one. */
	if (strcmp(base_name(applies), base_name(lt->file)) < 0)
		return mg_fail(ctx, -EEXIST,
			       "%s: udev applies %s, which comes before %s; put the settings there, or rename it to "
			       "come after",
			       ifname, applies, base_name(lt->file));
	return 0;
}

int mg_link_compose(const struct mg_link_target *lt, const struct mg_linkfile *applies,
		    const struct mg_linkfile *keys, struct mg_linkfile *out)
{
	int err;

	mg_linkfile_init(out);
	err = mg_linkfile_add(out, "Match", lt->match_key, lt->match_value);
	if (err == 0 && lt->mac_key[0])
		err = mg_linkfile_add(out, "Match", lt->mac_key, lt->mac_value);
	/* Added as they are: a key given twice (a list) stays so. */
	for (size_t i = 0; err == 0 && applies && i < applies->count; i++) {
		const struct mg_linkfile_line *l = &applies->lines[i];

		if (strcmp(l->section, "Match"))
			err = mg_linkfile_add_line(out, l);
	}
	for (size_t i = 0; err == 0 && i < keys->count; i++)
		err = mg_linkfile_set(out, keys->lines[i].section, keys->lines[i].key, keys->lines[i].value);
	if (err < 0)
		mg_linkfile_clear(out);
	return err;
}

int mg_link_header(const char *ifname, const struct mg_link_target *lt, const char *applies, char *buf,
		   size_t size)
{
	int n = snprintf(buf, size,
			 MG_LINK_MARK "\n"
			 "It keeps settings of %s that udev applies when the device is added: "
			 "'multigig persist %s --remove' removes it.\n"
			 "It matches the device %s.%s%s%s",
			 ifname, ifname, lt->how, applies[0] ? "\nThe lines after [Match] are those of " : "",
			 applies, applies[0] ? ", which it takes the place of." : "");

	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

bool mg_link_is_ours(const char *text)
{
	return !strncmp(text, "# " MG_LINK_MARK "\n", strlen(MG_LINK_MARK) + 3);
}

void mg_link_value_text(const struct mg_param_info *info, long long v, char *buf, size_t size)
{
	switch (info->link_value) {
	case MG_LINK_BOOL:
		snprintf(buf, size, "%s", v ? "yes" : "no");
		break;
	case MG_LINK_USEC:
		snprintf(buf, size, "%lldus", v);
		break;
	case MG_LINK_SEC:
		snprintf(buf, size, "%llds", v);
		break;
	default:
		snprintf(buf, size, "%lld", v);
	}
}

int mg_link_param_keys(struct mg_ctx *ctx, const struct mg_settings *want, const struct mg_settings *cur,
		       struct mg_linkfile *keys)
{
	char value[32];
	int err = 0;

	for (int p = 0; err == 0 && p < MG_PARAM_COUNT; p++) {
		const struct mg_param_info *info = mg_param_info((enum mg_param)p);
		long long v;

		if (mg_settings_get(want, (enum mg_param)p, &v) < 0)
			continue;
		if (!info->link_key)
			return mg_fail(ctx, -EOPNOTSUPP, "%s: udev's .link files have no key for %s", want->ifname,
				       info->name);
		/* What "max" came to: the number, which a later driver's maximum does not change. */
		if (v == MG_VALUE_MAX && mg_settings_get_max(cur, (enum mg_param)p, &v) < 0)
			return mg_fail(ctx, -EOPNOTSUPP, "%s: the driver reports no maximum of %s", want->ifname,
				       info->name);
		mg_link_value_text(info, v, value, sizeof(value));
		err = mg_linkfile_set(keys, "Link", info->link_key, value);
	}
	return err == -ENOMEM ? mg_fail(ctx, err, "out of memory") : err;
}

/* ---- offloads and Wake-on-LAN: their [Link] keys, every one in systemd 252 ---- */

/* An offload by the kernel's name and its key; tx-checksumming is several features and has none. */
static const struct {
	const char *feature, *key;
} feature_keys[] = {
	{ "rx-gro", "GenericReceiveOffload" },
	{ "rx-gro-hw", "GenericReceiveOffloadHardware" },
	{ "rx-lro", "LargeReceiveOffload" },
	{ "tx-generic-segmentation", "GenericSegmentationOffload" },
	{ "tx-tcp-segmentation", "TCPSegmentationOffload" },
	{ "tx-tcp6-segmentation", "TCP6SegmentationOffload" },
	{ "rx-checksum", "ReceiveChecksumOffload" },
	{ "rx-vlan-hw-parse", "ReceiveVLANCTAGHardwareAcceleration" },
	{ "tx-vlan-hw-insert", "TransmitVLANCTAGHardwareAcceleration" },
	{ "rx-vlan-filter", "ReceiveVLANCTAGFilter" },
	{ "tx-vlan-stag-hw-insert", "TransmitVLANSTAGHardwareAcceleration" },
	{ "rx-ntuple-filter", "NTupleFilter" },
};

const char *mg_link_feature_at(size_t i, const char **key)
{
	if (i >= sizeof(feature_keys) / sizeof(feature_keys[0]))
		return NULL;
	*key = feature_keys[i].key;
	return feature_keys[i].feature;
}

const char *mg_link_feature_key(const char *feature)
{
	for (size_t i = 0; i < sizeof(feature_keys) / sizeof(feature_keys[0]); i++)
		if (mg_feature_name_eq(feature, feature_keys[i].feature))
			return feature_keys[i].key;
	return NULL;
}

/* Wake-on-LAN's modes as udev's words, in the order of their bits (WAKE_PHY first). */
static const char *const wol_words[] = { "phy", "unicast", "multicast", "broadcast", "arp", "magic", "secureon" };

void mg_link_wol_text(unsigned int mask, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(wol_words) / sizeof(wol_words[0]); i++)
		if (mask & (1u << i))
			len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s%s", len ? " " : "",
						wol_words[i]);
	if (!len)
		snprintf(buf, size, "off");
}

/*
 * The keys of feature @name as the interface has it (@now): a short name
 * ("tso") is each of its members that udev has a key for. -EOPNOTSUPP,
 * said, when none has one.
 */
static int feature_keys_of(struct mg_ctx *ctx, const char *ifname, const struct mg_features *now, const char *name,
			   bool on, struct mg_linkfile *keys)
{
	size_t pos[16], n = 0, written = 0;
	bool alias = false;
	int err = 0;

	if (now)
		n = mg_features_resolve(now, name, pos, sizeof(pos) / sizeof(pos[0]), &alias);
	if (!alias)
		err = mg_link_feature_key(name) ? mg_linkfile_set(keys, "Link", mg_link_feature_key(name), on ? "yes" : "no")
						: 0;
	written = !alias && mg_link_feature_key(name);
	for (size_t i = 0; alias && err == 0 && i < n; i++) {
		const char *key = mg_link_feature_key(mg_features_get_name(now, pos[i]));

		if (key && !(err = mg_linkfile_set(keys, "Link", key, on ? "yes" : "no")))
			written++;
	}
	if (err == 0 && !written)
		return mg_fail(ctx, -EOPNOTSUPP, "%s: feature %s cannot be persisted: udev's .link files have no key for "
			       "it (they have for rx-gro, rx-gro-hw, rx-lro, tx-generic-segmentation, "
			       "tx-tcp-segmentation, tx-tcp6-segmentation, rx-checksum, the VLAN offloads and "
			       "rx-ntuple-filter)", ifname, name);
	return err;
}

int mg_link_tune_keys(struct mg_ctx *ctx, const char *ifname, const struct mg_settings *want,
		      const struct mg_features *now, struct mg_linkfile *keys)
{
	const struct mg_tune_want *w = want->tune;
	char words[96];
	int err = 0;

	for (size_t i = 0; w && err == 0 && i < w->feature_count; i++)
		err = feature_keys_of(ctx, ifname, now, w->features[i].name, w->features[i].on, keys);
	if (w && err == 0 && w->wol >= 0) {
		mg_link_wol_text((unsigned int)w->wol, words, sizeof(words));
		err = mg_linkfile_set(keys, "Link", "WakeOnLan", words);
	}
	return err == -ENOMEM ? mg_fail(ctx, err, "out of memory") : err;
}
