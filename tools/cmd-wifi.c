/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* multigig wifi [IFACE|PHY]: what each Wi-Fi card can do and what its link runs at. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cmd_wifi(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	struct mg_wiphy_list *list;
	char *out;
	int err = mg_wiphy_list_new(ctx, target, &list);

	if (err < 0)
		return fail(ctx, err, "wifi");
	if (opt->json) {
		err = mg_wiphy_list_to_json(list, 0, &out);
		err = print_json(err, out, "wifi");
	} else {
		err = mg_wiphy_list_to_text(list, &out);
		if (err == 0) {
			output_document(stdout, out);
			free(out);
			err = EXIT_SUCCESS;
		} else {
			fprintf(stderr, "multigig: wifi: %s\n", strerror(-err));
			err = EXIT_FAILURE;
		}
	}
	mg_wiphy_list_free(list);
	return err;
}

const struct command wifi_command = {
	.name = "wifi",
	.nargs = 1,
	.every = true,
	.args = " [IFACE|PHY]",
	.summary = "what each Wi-Fi card can do, and what its link runs at",
	.help = "From nl80211 (one split wiphy dump, the interfaces, the regulatory domain, a\n"
		"station dump per station interface) and sysfs: each wiphy's device, bands (HT,\n"
		"VHT, HE, EHT; streams, MCS, widest channel, channels), interface types, MLO,\n"
		"antennas, regulatory domain, and each station's link with the kernel's rate\n"
		"and the library's own. --json: an array of objects.\n",
	.run = cmd_wifi,
};
