/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The library context: sysfs root, log function, last error. */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libkmod.h>

#include "model/model.h"

#define MG_DEFAULT_ROOT "/sys"

/* Keep the root as given, minus trailing slashes, so relative paths join. */
static char *normalize_root(const char *root)
{
	size_t len = strlen(root);
	char *copy;

	while (len > 1 && root[len - 1] == '/')
		len--;
	copy = strndup(root, len);
	return copy;
}

static bool is_live_sysfs(const struct stat *root)
{
	struct stat sys;

	return stat(MG_DEFAULT_ROOT, &sys) == 0 && sys.st_dev == root->st_dev && sys.st_ino == root->st_ino;
}

#ifdef MG_TESTING
/*
 * The hooks start off; a test program built on the internal library (the
 * CLI of the kernel suite) can turn the pause on from its environment.
 */
static void test_hooks_init(struct mg_test_hooks *t)
{
	const char *group = getenv("MG_TEST_PAUSE_AFTER_GROUP");
	const char *fd = getenv("MG_TEST_PAUSE_FD");
	const char *inject = getenv("MG_TEST_INJECT_GROUP");

	t->inject_group = inject ? atoi(inject) : -1;
	t->doctor_virtual = getenv("MG_TEST_DOCTOR_VIRTUAL") != NULL;
	t->pause_after_group = group ? atoi(group) : -1;
	t->pause_fd = fd ? atoi(fd) : -1;
	t->pause_before_lock = getenv("MG_TEST_PAUSE_BEFORE_LOCK") != NULL;
	t->pause_before_part = getenv("MG_TEST_PAUSE_BEFORE_PART") ? atoi(getenv("MG_TEST_PAUSE_BEFORE_PART")) : -1;
	t->journal_name = getenv("MG_TEST_JOURNAL_NAME");
	t->pause_kmsg_after = getenv("MG_TEST_PAUSE_KMSG_AFTER") ? atol(getenv("MG_TEST_PAUSE_KMSG_AFTER")) : -1;
}

void mg_test_wait(struct mg_ctx *ctx)
{
	struct pollfd p = { .fd = ctx->test.pause_fd, .events = POLLIN };

	for (int waited = 0; waited < 30000 && !mg_cancelled(ctx); waited += 20)
		if (poll(&p, 1, 20) > 0)
			break;
}
#endif

MG_EXPORT int mg_ctx_new(const char *sysfs_root, struct mg_ctx **ctx)
{
	struct mg_ctx *c;
	struct stat st;
	const char *root = sysfs_root ? sysfs_root : MG_DEFAULT_ROOT;
	int err;

	if (!ctx || !root[0])
		return -EINVAL;
	*ctx = NULL;
	if (stat(root, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;

	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->refcount = 1;
	c->root = normalize_root(root);
	if (!c->root) {
		free(c);
		return -ENOMEM;
	}
	/*
	 * Decided once, here: any tree but this machine's own sysfs is a
	 * capture. The same directory as /sys (given as "/sys", "/sys/" or a
	 * link to it) is live, as in 0.1.
	 */
	c->offline = sysfs_root && !is_live_sysfs(&st);
	c->log_priority = LOG_ERR;
	c->ioctl_fd = -1;
#ifdef MG_TESTING
	test_hooks_init(&c->test);
#endif
	err = c->offline ? mg_gather_replay_new(c, c->root, &c->gather) : mg_gather_live_new(c, &c->gather);
	if (err < 0) {
		free(c->root);
		free(c);
		return err;
	}
	*ctx = c;
	return 0;
}

MG_EXPORT struct mg_ctx *mg_ctx_ref(struct mg_ctx *ctx)
{
	if (ctx)
		ctx->refcount++;
	return ctx;
}

MG_EXPORT struct mg_ctx *mg_ctx_unref(struct mg_ctx *ctx)
{
	if (!ctx)
		return NULL;
	if (--ctx->refcount > 0)
		return ctx;
	mg_gather_free(ctx->gather);
	mg_rtnl_close(ctx);
	mg_ethtool_close(ctx);
	mg_nl80211_close(ctx);
	kmod_unref(ctx->kmod);
	if (ctx->ioctl_fd >= 0)
		close(ctx->ioctl_fd);
	mg_pci_free(ctx->pci);
	mg_pci_namedb_free(ctx->pci_names);
	free(ctx->pci_dump);
	free(ctx->root);
	free(ctx);
	return NULL;
}

MG_EXPORT void mg_ctx_set_log_fn(struct mg_ctx *ctx, mg_log_fn fn, void *data)
{
	if (!ctx)
		return;
	ctx->log_fn = fn;
	ctx->log_data = data;
}

MG_EXPORT void mg_ctx_set_log_priority(struct mg_ctx *ctx, int priority)
{
	if (!ctx)
		return;
	ctx->log_priority = priority;
	/* libkmod filters before it calls the library's log function. */
	if (ctx->kmod)
		kmod_set_log_priority(ctx->kmod, priority);
}

MG_EXPORT int mg_ctx_set_cancel_flag(struct mg_ctx *ctx, const volatile sig_atomic_t *flag)
{
	if (!ctx)
		return -EINVAL;
	ctx->cancel = flag;
	return 0;
}

MG_EXPORT int mg_ctx_get_log_priority(const struct mg_ctx *ctx)
{
	return ctx ? ctx->log_priority : -EINVAL;
}

MG_EXPORT const char *mg_ctx_last_error(const struct mg_ctx *ctx)
{
	return ctx ? ctx->error : "no context";
}

MG_EXPORT const char *mg_ctx_get_sysfs_root(const struct mg_ctx *ctx)
{
	return ctx ? ctx->root : NULL;
}

MG_EXPORT long mg_ctx_get_request_count(const struct mg_ctx *ctx)
{
	return ctx ? ctx->requests : -EINVAL;
}

MG_EXPORT long mg_ctx_get_read_count(const struct mg_ctx *ctx)
{
	return ctx ? ctx->reads : -EINVAL;
}

MG_EXPORT int mg_ctx_is_offline(const struct mg_ctx *ctx)
{
	return ctx ? ctx->offline : -EINVAL;
}
