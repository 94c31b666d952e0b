/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The kernel log: /dev/kmsg read once from the oldest record the ring
 * still holds to the newest (non-blocking: EAGAIN is the end), and the
 * text a capture keeps of it. Each record is "PRI,SEQ,USECS,FLAGS[,...];
 * TEXT" then continuation lines " KEY=VALUE" (SUBSYSTEM=, DEVICE=), as
 * kernel/printk/printk.c writes them. The kernel escapes every byte
 * outside printable ASCII as \xNN; a capture from elsewhere may not, so
 * the text handed on is escaped again where it is not: it is always
 * printable ASCII.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gather/gather.h"

#define KMSG_PATH "/dev/kmsg"

void mg_kmsg_pass_init(struct mg_kmsg_pass *p, mg_kmsg_fn fn, void *data)
{
	memset(p, 0, sizeof(*p));
	p->fn = fn;
	p->data = data;
}

void mg_kmsg_pass_clear(struct mg_kmsg_pass *p)
{
	free(p->text);
	p->text = NULL;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* @in[0..len) into @out, printable ASCII: an escape already made is kept, any other byte is made one. */
static size_t escape(const char *in, size_t len, char *out)
{
	static const char hex[] = "0123456789abcdef";
	size_t o = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)in[i];

		if (c == '\\' && i + 3 < len && in[i + 1] == 'x' && is_hex(in[i + 2]) && is_hex(in[i + 3])) {
			memcpy(out + o, in + i, 4);
			o += 4;
			i += 3;
		} else if (c < 0x20 || c >= 0x7f || c == '\\') {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		} else {
			out[o++] = (char)c;
		}
	}
	out[o] = '\0';
	return o;
}

static bool parse_u64(const char **s, const char *end, uint64_t *v)
{
	const char *p = *s;
	uint64_t n = 0;

	if (p >= end || *p < '0' || *p > '9')
		return false;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		if (n > (UINT64_MAX - 9) / 10)
			return false;
		n = n * 10 + (uint64_t)(*p - '0');
	}
	*s = p;
	*v = n;
	return true;
}

/* A continuation line's value into @out when it is @key's. */
static void take_key(const char *line, size_t len, const char *key, char *out, size_t size)
{
	size_t klen = strlen(key);
	char tmp[4 * MG_KMSG_KEY_MAX + 1];

	if (len <= klen || memcmp(line, key, klen) || len - klen >= MG_KMSG_KEY_MAX)
		return;
	escape(line + klen, len - klen, tmp);
	mg_strlcpy(out, tmp, size);
}

int mg_kmsg_parse(struct mg_kmsg_pass *p, const char *raw, size_t len, struct mg_kmsg_record *rec)
{
	const char *s = raw, *end = raw + len, *semi, *nl;
	uint64_t pri;

	memset(rec, 0, sizeof(*rec));
	if (len == 0 || len > MG_KMSG_RECORD_MAX)
		return -EBADMSG;
	if (!p->text && !(p->text = malloc(4 * MG_KMSG_RECORD_MAX + 1)))
		return -ENOMEM;
	if (!parse_u64(&s, end, &pri) || s >= end || *s++ != ',' || !parse_u64(&s, end, &rec->seq) ||
	    s >= end || *s++ != ',' || !parse_u64(&s, end, &rec->usecs) || s >= end || *s++ != ',')
		return -EBADMSG;
	semi = memchr(s, ';', (size_t)(end - s));
	nl = memchr(s, '\n', (size_t)(end - s));
	if (!semi || (nl && nl < semi) || pri > 0x7ffffff)
		return -EBADMSG;
	rec->level = (int)(pri & 7);
	rec->facility = (int)(pri >> 3);
	s = semi + 1;
	nl = memchr(s, '\n', (size_t)(end - s));
	escape(s, (size_t)((nl ? nl : end) - s), p->text);
	rec->text = p->text;
	rec->subsystem = p->subsystem;
	rec->device = p->device;
	p->subsystem[0] = p->device[0] = '\0';
	/* The dictionary: lines that start with a space, after the text. */
	while (nl && nl + 1 < end && nl[1] == ' ') {
		const char *line = nl + 2, *next = memchr(line, '\n', (size_t)(end - line));
		size_t l = (size_t)((next ? next : end) - line);

		take_key(line, l, "SUBSYSTEM=", p->subsystem, sizeof(p->subsystem));
		take_key(line, l, "DEVICE=", p->device, sizeof(p->device));
		nl = next;
	}
	rec->raw = raw;
	rec->raw_len = len;
	return 0;
}

int mg_kmsg_deliver(struct mg_kmsg_pass *p, const char *raw, size_t len)
{
	struct mg_kmsg_record rec;
	int err = mg_kmsg_parse(p, raw, len, &rec), used;

	if (err == -ENOMEM)
		return err;
	if (err < 0) {
		p->garbage++;
		return 0;
	}
	rec.after_gap = p->gap;
	if (p->gap && p->keep)
		p->keep(p->keep_data, "!EPIPE\n", 7);
	p->gap = false;
	p->records++;
	used = p->fn(&rec, p->data);
	if (used < 0)
		return used;
	if (used > 0 && p->keep) {
		p->keep(p->keep_data, raw, len);
		if (raw[len - 1] != '\n')
			p->keep(p->keep_data, "\n", 1);
	}
	return 0;
}

void mg_kmsg_overwritten(struct mg_kmsg_pass *p)
{
	p->overwritten++;
	p->gap = true;
}

/*
 * One pass over the ring. Reading it is checked when it is opened
 * (dmesg_restrict, CAP_SYSLOG): -EPERM then, whatever the kernel said.
 * A reader overtaken by the writer gets EPIPE once and continues at the
 * oldest record left.
 */
#ifdef MG_TESTING
/* A test's pause after some records: the writer can overtake the reader meanwhile (30 s at most). */
static void test_pause(struct mg_ctx *ctx, size_t records)
{
	struct pollfd pfd = { .fd = ctx->test.pause_fd, .events = POLLIN };

	if (ctx->test.pause_kmsg_after < 0 || records != (size_t)ctx->test.pause_kmsg_after)
		return;
	mg_dbg(ctx, "kernel log: paused after %zu records", records);
	for (int waited = 0; waited < 30000; waited += 20)
		if (poll(&pfd, 1, 20) > 0)
			break;
}
#endif

int mg_kmsg_read_live(struct mg_ctx *ctx, struct mg_kmsg_pass *p)
{
	int fd = open(KMSG_PATH, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), err = 0;
	char *buf;

	if (fd < 0)
		return errno == EACCES ? -EPERM : -errno;
	buf = malloc(MG_KMSG_RECORD_MAX);
	if (!buf) {
		close(fd);
		return -ENOMEM;
	}
	while (err == 0) {
		ssize_t n = read(fd, buf, MG_KMSG_RECORD_MAX);

		if (n > 0) {
			err = mg_kmsg_deliver(p, buf, (size_t)n);
#ifdef MG_TESTING
			test_pause(ctx, p->records + p->garbage);
#endif
		} else if (n == 0 || errno == EAGAIN) {
			break;
		} else if (errno == EPIPE) {
			mg_kmsg_overwritten(p);
		} else if (errno != EINTR) {
			err = errno == EACCES ? -EPERM : -errno;
		}
	}
	(void)ctx;
	free(buf);
	close(fd);
	return err;
}

/* A meta line of a capture: "!EPIPE" (overtaken here) or "!error N" (the read failed with -N). */
static int replay_meta(struct mg_kmsg_pass *p, const char *line, size_t len)
{
	long n;
	char num[16];

	if (len == 6 && !memcmp(line, "!EPIPE", 6)) {
		mg_kmsg_overwritten(p);
		return 0;
	}
	if (len > 7 && len - 7 < sizeof(num) && !memcmp(line, "!error ", 7)) {
		memcpy(num, line + 7, len - 7);
		num[len - 7] = '\0';
		if (mg_parse_long(num, 10, &n) == 0 && n > 0 && n < 4096)
			return (int)-n;
	}
	p->garbage++;
	return 0;
}

int mg_kmsg_replay_text(struct mg_kmsg_pass *p, const char *buf, size_t len)
{
	size_t off = 0;
	int err = 0;

	while (off < len && err == 0) {
		size_t start = off;
		const char *nl = memchr(buf + off, '\n', len - off);

		off = nl ? (size_t)(nl - buf) + 1 : len;
		/* Its dictionary lines belong to the record. */
		while (off < len && buf[off] == ' ') {
			nl = memchr(buf + off, '\n', len - off);
			off = nl ? (size_t)(nl - buf) + 1 : len;
		}
		if (buf[start] == '!') {
			size_t l = off - start;

			err = replay_meta(p, buf + start, buf[off - 1] == '\n' ? l - 1 : l);
		} else if (off - start > 1 || buf[start] != '\n') {
			err = mg_kmsg_deliver(p, buf + start, off - start);
		}
	}
	return err;
}
