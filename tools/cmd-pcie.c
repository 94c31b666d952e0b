/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * multigig pcie and estimate, and the PCIe path show reads: the commands,
 * their options and errors; the library writes their text and JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int cmd_pcie(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	const char *target = nwords ? words[0] : NULL;
	struct mg_pcie_path *path;
	struct mg_throughput *t;
	struct mg_nic *nic = NULL;
	int err;

	/* One look-up; the path is built from the adapter it found. */
	if (mg_nic_lookup(ctx, target, &nic) == 0 &&
	    (mg_nic_get_bus(nic) == MG_BUS_PCI || mg_nic_get_bus(nic) == MG_BUS_USB))
		err = mg_pcie_path_new_for_nic(ctx, nic, &path);
	else
		err = mg_pcie_path_new(ctx, target, &path);

	if (err < 0) {
		mg_nic_unref(nic);
		return fail(ctx, err, "pcie");
	}
	err = mg_throughput_new(nic, path, &t);
	if (err < 0) {
		err = fail(ctx, err, "pcie");
	} else if (opt->svg) {
		err = pcie_svg(ctx, path, nic, opt->svg_file);
	} else if (opt->json) {
		char *json;

		err = mg_pcie_path_to_json(path, t, 0, &json);
		err = print_json(err, json, "pcie");
	} else {
		char *text = NULL;

		err = mg_pcie_path_to_text(path, t, &text);
		print_part("pcie", err, &text);
		err = err < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	mg_throughput_free(t);
	mg_pcie_path_free(path);
	mg_nic_unref(nic);
	return err;
}

/* The model's inputs from the options, each refusal naming the option typed. */
static int estimate_params(const struct options *opt, struct mg_estimate_params **params)
{
	const struct {
		const char *option;
		enum mg_estimate_input input;
		int value;
	} in[] = {
		{ "--pcie-gen", MG_ESTIMATE_PCIE_GEN, opt->gen },
		{ "--pcie-width", MG_ESTIMATE_PCIE_WIDTH, opt->width },
		{ "--mps", MG_ESTIMATE_MPS, opt->mps },
		{ "--mrrs", MG_ESTIMATE_MRRS, opt->mrrs },
		{ "--completion", MG_ESTIMATE_COMPLETION, opt->completion },
		{ "--header", MG_ESTIMATE_HEADER_DW, opt->header_dw },
		{ "--mtu", MG_ESTIMATE_MTU, opt->mtu },
		{ "--link-mbps", MG_ESTIMATE_LINK_MBPS, opt->link_mbps },
	};
	int err = mg_estimate_params_new(params);

	if (err < 0) {
		fprintf(stderr, "multigig: estimate: %s\n", strerror(-err));
		return EXIT_FAILURE;
	}
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		if (mg_estimate_params_set(*params, in[i].input, in[i].value) < 0) {
			err = usage_error("%s: %s", in[i].option, mg_estimate_params_get_error(*params));
			mg_estimate_params_free(*params);
			*params = NULL;
			return err;
		}
	}
	return 0;
}

/* estimate --wifi: the rate model's answer for the rate described. */
static int estimate_wifi(const struct options *opt)
{
	enum mg_wifi_mode mode;
	struct mg_wifi_rate *r;
	char why[256];
	int err;

	if (!opt->wifi_mode)
		return usage_error("--mcs, --nss, --width and --gi describe a Wi-Fi rate: give --wifi ht|vht|he|eht too");
	if (mg_wifi_mode_from_name(opt->wifi_mode, &mode) < 0)
		return usage_error("--wifi takes ht, vht, he, eht or legacy, not '%s'", opt->wifi_mode);
	if (opt->mcs == MG_UNKNOWN || opt->wifi_width == MG_UNKNOWN)
		return usage_error("estimate --wifi needs --mcs and --width (and --nss for VHT, HE and EHT)");
	/* A rate per stream: no number of streams would be right for most links by default. */
	if (opt->nss == MG_UNKNOWN && mode != MG_WIFI_MODE_HT && mode != MG_WIFI_MODE_LEGACY)
		return usage_error("estimate --wifi %s needs --nss N, the spatial streams, as its rate is per stream "
				   "(iw's station dump says %s-NSS)", opt->wifi_mode,
				   mode == MG_WIFI_MODE_VHT ? "VHT" : mode == MG_WIFI_MODE_HE ? "HE" : "EHT");
	if (mg_wifi_rate_check(mode, opt->mcs, opt->nss, opt->wifi_width, opt->gi_ns, why, sizeof(why)) < 0)
		return usage_error("%s", why);
	err = mg_wifi_rate_new(mode, opt->mcs, opt->nss, opt->wifi_width, opt->gi_ns, &r);
	if (err < 0) {
		fprintf(stderr, "multigig: estimate: %s\n", strerror(-err));
		return EXIT_FAILURE;
	}
	if (opt->json) {
		char *json;

		err = mg_wifi_rate_to_json(r, 0, &json);
		err = print_json(err, json, "estimate");
	} else {
		printf("%-12s %.1f Mbit/s (%s MCS %d, %d stream%s, %d MHz, GI %.1f us)\n", "phy rate:",
		       mg_wifi_rate_get_phy_mbps(r), opt->wifi_mode, mg_wifi_rate_get_mcs(r), mg_wifi_rate_get_nss(r),
		       mg_wifi_rate_get_nss(r) == 1 ? "" : "s", mg_wifi_rate_get_width_mhz(r),
		       mg_wifi_rate_get_gi_ns(r) / 1000.0);
		printf("%-12s %.1f Mbit/s at best (%d %% of the PHY rate)\n%-12s %s\n", "tcp goodput:",
		       mg_wifi_rate_get_tcp_goodput_mbps(r), mg_wifi_rate_get_efficiency_pct(r), "",
		       mg_wifi_rate_get_efficiency_source(r));
		err = EXIT_SUCCESS;
	}
	mg_wifi_rate_free(r);
	return err;
}

static int cmd_estimate(struct mg_ctx *ctx, const struct options *opt, char **words, int nwords)
{
	struct mg_estimate_params *params;
	struct mg_estimate *e;
	int err;

	(void)ctx; /* the model reads nothing */
	(void)words;
	(void)nwords;
	if (opt->have_wifi_option)
		return estimate_wifi(opt);
	if (!opt->gen || !opt->width || !opt->mps || !opt->mtu || opt->link_mbps < 0)
		return usage_error("estimate needs --pcie-gen, --pcie-width, --mps, --mtu and --link-mbps");
	err = estimate_params(opt, &params);
	if (err)
		return err;
	err = mg_estimate_new(params, &e);
	if (err == -EINVAL) {
		/* Each value passed alone: what is left is how they combine. */
		err = usage_error("--completion %d with --mps %d: %s", opt->completion, opt->mps,
				  mg_estimate_params_get_error(params));
	} else if (err < 0) {
		fprintf(stderr, "multigig: estimate: %s\n", strerror(-err));
		err = EXIT_FAILURE;
	}
	mg_estimate_params_free(params);
	if (err)
		return err;
	if (opt->json) {
		char *json;

		err = mg_estimate_to_json(e, 0, &json);
		err = print_json(err, json, "estimate");
	} else {
		char *text = NULL;

		err = mg_estimate_to_text(e, &text);
		print_part("estimate", err, &text);
		err = err < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
	}
	mg_estimate_free(e);
	return err;
}

/* The PCIe path of a PCI adapter (a USB one's controller's), for `show`; NULL for others or when unreadable. */
struct mg_pcie_path *nic_pcie_path(struct mg_ctx *ctx, const struct mg_nic *nic)
{
	struct mg_pcie_path *path;

	if ((mg_nic_get_bus(nic) != MG_BUS_PCI && mg_nic_get_bus(nic) != MG_BUS_USB) ||
	    mg_pcie_path_new_for_nic(ctx, nic, &path) < 0)
		return NULL;
	return path;
}

/* --svg writes SVG, so no JSON beside it. */
static int check_pcie(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	if (opt->json && opt->svg)
		return usage_error("--json does not go with --svg: it writes SVG");
	/* pcie IFACE --svg FILE: the file is the second word (getopt gives an optional value only after '='). */
	if (opt->svg && !opt->svg_file && *nwords == 2) {
		opt->svg_file = words[1];
		*nwords = 1;
	}
	return check_words(cmd, opt, *nwords);
}

/* One model at a time: a PCIe link's ceilings or a Wi-Fi rate's. */
static int check_estimate(const struct command *cmd, struct options *opt, char **words, int *nwords)
{
	(void)words;
	if (opt->have_wifi_option && opt->have_estimate_option)
		return usage_error("estimate describes a PCIe link or a Wi-Fi rate (--wifi), not both");
	return check_words(cmd, opt, *nwords);
}

const struct command pcie_command = {
	.name = "pcie",
	.nargs = 1,
	.args = " IFACE|PCI-ADDRESS [--svg [FILE]]",
	.summary = "the PCIe path to the root port, its limit and ceilings",
	.help = "Each hop's capability and negotiated link, ASPM, AER and training, the link\n"
		"that limits the path and the TCP goodput it allows. --svg [FILE]: the path\n"
		"drawn as SVG, to FILE or stdout.\n",
	.options = OPT(SVG),
	.check = check_pcie,
	.run = cmd_pcie,
};

const struct command estimate_command = {
	.name = "estimate",
	.nargs = 0,
	.args = " --pcie-gen N --pcie-width N --mps BYTES --mtu N --link-mbps N | --wifi MODE ...",
	.summary = "throughput ceilings for a link you describe",
	.help = "Also --mrrs BYTES, --completion BYTES, --header 3dw|4dw. No hardware needed.\n"
		"The PHY rate of a Wi-Fi link and the TCP goodput to expect:\n"
		"  --wifi vht|he|eht --mcs N --nss N --width MHZ [--gi US]\n"
		"  --wifi ht|legacy --mcs N --width MHZ [--gi US]\n"
		"VHT, HE and EHT rates are per spatial stream, so --nss is required (iw's\n"
		"station dump says VHT-NSS, HE-NSS, EHT-NSS); HT's MCS index names its streams\n"
		"(--nss, if given, must agree) and legacy has one. GI 0.8 us by default.\n",
	.options = OPT(PCIE_GEN) | OPT(PCIE_WIDTH) | OPT(MPS) | OPT(MRRS) | OPT(COMPLETION) | OPT(HEADER) | OPT(MTU) |
		   OPT(LINK_MBPS) | OPT(WIFI) | OPT(MCS) | OPT(NSS) | OPT(WIDTH) | OPT(GI),
	.check = check_estimate,
	.run = cmd_estimate,
};
