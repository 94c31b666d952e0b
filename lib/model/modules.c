/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Which modules of the running kernel declare support for a device: its
 * modalias looked up in the kernel's module index with libkmod, as modprobe
 * would. Only for live contexts: a captured tree came from another kernel.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libkmod.h>

#include "model/model.h"

static int add_module(struct mg_nic *nic, const char *name)
{
	char **grown = realloc(nic->modules, (size_t)(nic->module_count + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	nic->modules = grown;
	nic->modules[nic->module_count] = strdup(name);
	if (!nic->modules[nic->module_count])
		return -ENOMEM;
	nic->module_count++;
	return 0;
}

/* libkmod's messages go to the context's log function, at their own priority. */
__attribute__((format(printf, 6, 0)))
static void forward_log(void *data, int priority, const char *file, int line, const char *fn,
			const char *format, va_list args)
{
	const struct mg_ctx *ctx = data;
	char msg[512];
	size_t len;

	if (!ctx->log_fn || priority > ctx->log_priority)
		return;
	vsnprintf(msg, sizeof(msg), format, args);
	/* libkmod ends its messages with a newline; the library's have none. */
	len = strlen(msg);
	while (len > 0 && msg[len - 1] == '\n')
		msg[--len] = '\0';
	mg_log(ctx, priority, file, line, fn, "%s", msg);
}

/*
 * The module index of the running kernel (or of a test's directory), logging
 * through the context. modprobe.d is not read: libkmod parses it inside
 * kmod_new(), before a log function can be set, and would print what it
 * finds wrong there (a malformed line) to stderr. The question is which of
 * the kernel's modules declares the device, which its index answers; a
 * local alias line that prefers one of them is modprobe's policy.
 */
static struct kmod_ctx *open_kmod(struct mg_ctx *ctx)
{
	static const char *const no_config[] = { NULL };
	struct kmod_ctx *kmod = kmod_new(MG_TEST_HOOK(ctx, kmod_dir, NULL), no_config);

	if (!kmod)
		return NULL;
	kmod_set_log_fn(kmod, forward_log, ctx);
	kmod_set_log_priority(kmod, ctx->log_priority);
	return kmod;
}

static bool has_index(struct kmod_ctx *kmod)
{
	char path[MG_PATH_MAX];
	const char *dir = kmod_get_dirname(kmod);

	return dir && mg_path_join(path, sizeof(path), dir, "modules.alias.bin") == 0 &&
	       access(path, R_OK) == 0;
}

/* Fills nic->modules; leaves the count unknown when no lookup can be made. */
int mg_modules_lookup(struct mg_ctx *ctx, const char *devpath, struct mg_nic *nic)
{
	char rel[MG_PATH_MAX], alias[MG_ATTR_MAX];
	struct kmod_list *list = NULL, *l;
	int err;

	if ((ctx->offline && !MG_TEST_HOOK(ctx, kmod_dir, NULL)) || ctx->kmod_failed ||
	    mg_path_join(rel, sizeof(rel), devpath, "modalias") < 0 ||
	    mg_sysfs_read(ctx, rel, alias, sizeof(alias)) <= 0)
		return 0;
	if (!ctx->kmod) {
		ctx->kmod = open_kmod(ctx);
		if (!ctx->kmod) {
			ctx->kmod_failed = true;
			return 0;
		}
		/* Without an index for this kernel every lookup would say "none". */
		if (!has_index(ctx->kmod)) {
			mg_info(ctx, "no module index for the running kernel: driver look-ups skipped");
			kmod_unref(ctx->kmod);
			ctx->kmod = NULL;
			ctx->kmod_failed = true;
		}
	}
	if (!ctx->kmod)
		return 0;
	err = kmod_module_new_from_lookup(ctx->kmod, alias, &list);
	if (err < 0)
		return 0;
	nic->module_count = 0;
	kmod_list_foreach(l, list) {
		struct kmod_module *mod = kmod_module_get_module(l);

		err = add_module(nic, kmod_module_get_name(mod));
		kmod_module_unref(mod);
		if (err < 0)
			break;
	}
	kmod_module_unref_list(list);
	return err < 0 ? err : 0;
}
