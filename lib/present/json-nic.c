/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * An adapter as JSON: its identity (nic.c), the parts a snapshot carries
 * (MG_JSON_PARTS), a list of them written one element at a time, and
 * show's whole object.
 */
#include <errno.h>

#include "present/present.h"

/*
 * What the adapter's look-up or list gathered of its interface: the link,
 * the settings' groups (left out when the settings were not read), EEE,
 * offloads, counters, interrupts and sensors, each null when not read.
 * "usb" (the USB path) is written by the caller: show puts it beside the
 * bus ceiling, a list last.
 */
static void parts(struct mg_json *j, const struct mg_nic *nic)
{
	mg_json_key(j, "link");
	mg_json_ethlink(j, mg_nic_get_ethlink(nic));
	if (mg_nic_get_settings(nic))
		mg_json_settings_groups(j, mg_nic_get_settings(nic));
	mg_json_key(j, "eee");
	mg_json_eee(j, mg_nic_get_eee(nic));
	mg_json_key(j, "features");
	mg_json_features(j, mg_nic_get_features(nic));
	mg_json_key(j, "stats");
	mg_json_stats(j, mg_nic_get_stats(nic));
	mg_json_key(j, "irqs");
	mg_json_irqs(j, mg_nic_get_irqs(nic));
	mg_json_key(j, "temperatures");
	mg_json_temps(j, mg_nic_get_temps(nic));
	mg_json_key(j, "kernel_log");
	mg_json_kernel_log(j, mg_nic_get_kernel_log(nic));
	mg_json_key(j, "kernel_log_unknown");
	mg_json_str(j, mg_kernel_log_get_unknown_reason(mg_nic_get_kernel_log(nic)));
}

void mg_json_nic(struct mg_json *j, const struct mg_nic *nic, unsigned int flags)
{
	struct mg_out o = { .j = j };

	mg_json_object(j);
	mg_out_nic_identity(&o, nic, flags & MG_JSON_DETAIL);
	if (flags & MG_JSON_PARTS) {
		parts(j, nic);
		mg_json_key(j, "usb");
		mg_json_usb(j, mg_nic_get_usb_info(nic), NULL);
	}
	mg_json_object_end(j);
}

MG_EXPORT int mg_nic_to_json(const struct mg_nic *nic, unsigned int flags, char **json)
{
	struct mg_json j;
	int err = mg_json_check(nic, flags, MG_JSON_DETAIL | MG_JSON_PARTS | MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_nic(&j, nic, flags);
	return mg_json_take(&j, json);
}

/* Hand the text gathered so far to @write; its error, or -ENOMEM. */
static int hand_over(struct mg_json *j, mg_write_fn write, void *data)
{
	int err;

	if (j->failed)
		return -ENOMEM;
	err = write(data, j->buf ? j->buf : "", j->len);
	mg_json_reset(j);
	return err < 0 ? err : 0;
}

MG_EXPORT int mg_nic_list_to_json(const struct mg_nic_list *list, unsigned int flags, mg_write_fn write, void *data)
{
	unsigned int allowed = MG_JSON_DETAIL | MG_JSON_PARTS | MG_JSON_INTERFACES | MG_JSON_BYTES;
	struct mg_json j;
	size_t written = 0;
	int err = 0;

	if (!list || !write || (flags & ~allowed))
		return -EINVAL;
	/* Each element is indented as inside the array and written in one piece: memory stays flat. */
	mg_json_init(&j, flags, 1);
	mg_json_raw(&j, "[", 1);
	for (size_t i = 0; err == 0 && i < mg_nic_list_count(list); i++) {
		const struct mg_nic *nic = mg_nic_list_get(list, i);

		if ((flags & MG_JSON_INTERFACES) && !mg_nic_get_name(nic))
			continue;
		if (written++)
			mg_json_raw(&j, ",\n  ", 4);
		else
			mg_json_raw(&j, "\n  ", 3);
		mg_json_nic(&j, nic, flags);
		err = hand_over(&j, write, data);
	}
	if (err == 0) {
		mg_json_raw(&j, written ? "\n]" : "]", written ? 2 : 1);
		err = hand_over(&j, write, data);
	}
	mg_json_free(&j);
	return err;
}

MG_EXPORT int mg_nic_show_to_json(const struct mg_nic *nic, const struct mg_pcie_path *path,
				  const struct mg_throughput *throughput, unsigned int flags, char **json)
{
	struct mg_json j;
	struct mg_out o = { .j = &j };
	int err = mg_json_check(nic, flags, MG_JSON_LINE | MG_JSON_BYTES, json);

	if (err < 0)
		return err;
	mg_json_init(&j, flags, 0);
	mg_json_object(&j);
	mg_out_nic_identity(&o, nic, true);
	mg_json_key(&j, "pcie");
	mg_json_pcie_summary(&j, path);
	mg_json_key(&j, "usb");
	mg_json_usb(&j, mg_nic_get_usb_info(nic), throughput);
	mg_json_key(&j, "throughput");
	if (throughput)
		mg_json_throughput(&j, throughput);
	else
		mg_json_null(&j);
	parts(&j, nic);
	mg_json_object_end(&j);
	return mg_json_take(&j, json);
}
