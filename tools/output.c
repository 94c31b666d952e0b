/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Output helpers of the multigig CLI: the filter every byte it prints goes
 * through, errors, and the JSON the library writes.
 */
#include <errno.h>
#include <locale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "cli.h"

/*
 * Names, driver links, USB strings and sidecar values come from the machine
 * (or a capture someone sent) and may hold terminal escapes or bytes that
 * are not UTF-8. stdout and stderr are replaced by streams whose writes pass
 * through out_write(): in text, each character is shown as the library
 * shows it (mg_show_next(), compiled in): every control character but the
 * newline (C0, DEL and C1) and every byte that is not part of valid UTF-8
 * as \xNN, a character that shows nothing or turns text around as \u200b,
 * and a backslash that could start such an escape as \\, so that no two
 * names print alike. In JSON, and
 * in the library's documents (Prometheus text, HTML, SVG, its own text),
 * which are escaped already as their format wants, bytes pass as they
 * are; an invalid byte that is left would become \udcNN, as the library's
 * JSON writes it, so the output is always valid UTF-8.
 */
/*
 * What stdio gathers before the filter sees it, and the filter before it
 * writes: show --all's 60 MB at 10 000 interfaces in 1 000 writes, not 15 000.
 */
#define OUT_BUFFER (64u << 10)

struct out_filter {
	int fd;
	bool json;
	unsigned char pend[4];	/* an unfinished UTF-8 sequence */
	size_t npend, need;
	bool backslash;		/* in text, a backslash whose shape waits for what follows */
	char buf[OUT_BUFFER];	/* escaped bytes waiting for write() */
	char stdio[OUT_BUFFER];	/* the stream's own buffer: glibc sizes one it allocates at BUFSIZ */
	size_t len;
	bool failed;
	int error;		/* errno of the write that failed */
};

static struct out_filter out_filters[2]; /* stdout, stderr: one each per process */

static void out_flush(struct out_filter *f)
{
	size_t done = 0;

	while (done < f->len && !f->failed) {
		ssize_t n = write(f->fd, f->buf + done, f->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			f->failed = true;
			f->error = n < 0 ? errno : EIO;
		} else
			done += (size_t)n;
	}
	f->len = 0;
}

static void out_raw(struct out_filter *f, const unsigned char *p, size_t n)
{
	/* In pieces the buffer holds: a run of plain bytes may be longer. */
	while (n) {
		size_t k;

		if (f->len == sizeof(f->buf))
			out_flush(f);
		k = sizeof(f->buf) - f->len < n ? sizeof(f->buf) - f->len : n;
		memcpy(f->buf + f->len, p, k);
		f->len += k;
		p += k;
		n -= k;
	}
}

/*
 * A waiting backslash, before @next (NULL: an escape, or the end): as it
 * is, or as \\ where it could be read as the start of an escape.
 */
static void out_backslash(struct out_filter *f, const unsigned char *next)
{
	if (!f->backslash)
		return;
	f->backslash = false;
	if (next && mg_show_bare_backslash(next))
		out_raw(f, (const unsigned char *)"\\", 1);
	else
		out_raw(f, (const unsigned char *)"\\\\", 2);
}

static void out_escaped(struct out_filter *f, unsigned char b)
{
	char esc[8];
	int n = snprintf(esc, sizeof(esc), f->json ? "\\udc%02x" : "\\x%02x", b);

	out_backslash(f, NULL);
	out_raw(f, (const unsigned char *)esc, (size_t)n);
}

/* A whole character (or ASCII byte) in @p[0..@n): in text as mg_show_next() shows it. */
static void out_char(struct out_filter *f, const unsigned char *p, size_t n)
{
	unsigned char c[5] = { 0 };
	char shown[MG_SHOWN_MAX];

	if (f->json) {
		out_raw(f, p, n);
		return;
	}
	memcpy(c, p, n);
	out_backslash(f, c);
	if (c[0] == '\\') {
		/* Shown once what follows it is known: it may come in the next write. */
		f->backslash = true;
		return;
	}
	mg_show_next(c, shown);
	out_raw(f, (const unsigned char *)shown, strlen(shown));
}

static void out_pending_invalid(struct out_filter *f)
{
	for (size_t i = 0; i < f->npend; i++)
		out_escaped(f, f->pend[i]);
	f->npend = f->need = 0;
}

/* Whether @b continues the pending sequence (no overlong forms, surrogates or > U+10FFFF). */
static bool continues(const struct out_filter *f, unsigned char b)
{
	if (b < 0x80 || b > 0xbf)
		return false;
	if (f->npend > 1)
		return true;
	switch (f->pend[0]) {
	case 0xe0: return b >= 0xa0;
	case 0xed: return b <= 0x9f;
	case 0xf0: return b >= 0x90;
	case 0xf4: return b <= 0x8f;
	}
	return true;
}

static size_t sequence_length(unsigned char lead)
{
	return lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3
	       : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
}

static void out_byte(struct out_filter *f, unsigned char b)
{
	if (f->need) {
		if (continues(f, b)) {
			f->pend[f->npend++] = b;
			if (f->npend < f->need)
				return;
			out_char(f, f->pend, f->npend);
			f->npend = f->need = 0;
			return;
		}
		out_pending_invalid(f);
	}
	if (b < 0x80) {
		out_char(f, &b, 1);
	} else if ((f->need = sequence_length(b))) {
		f->pend[0] = b;
		f->npend = 1;
	} else {
		out_escaped(f, b);
	}
}

/*
 * How many bytes from @p on pass as they are, copied in a run rather than
 * byte by byte: printable ASCII and newlines (in text, not the backslash).
 * The filter's state is read once, not for each byte: show --all writes
 * some 60 MB of JSON at 10 000 interfaces.
 */
/*
 * Whether all eight bytes of @x are printable ASCII or newlines, tested at
 * once: the high bit of each byte of @high says >= 0x7f, of @low < 0x20
 * (its low seven bits, each byte's sum kept below 0x100), of @other not a
 * newline. A JSON document is nearly all such bytes.
 */
static bool plain_word(uint64_t x)
{
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL, lows = ~highs;
	uint64_t y = x & lows, nl = y ^ (ones * '\n');
	uint64_t high = ((y + ones) | x) & highs;
	uint64_t low = ~(y + ones * 0x60) & highs;
	uint64_t other = ((nl & lows) + lows) & highs;

	return !(high | (low & other));
}

static size_t plain_run(const struct out_filter *f, const unsigned char *p, size_t n)
{
	size_t i = 0;

	if (f->need || f->backslash)
		return 0;
	if (f->json) {
		for (uint64_t x; i + 8 <= n && (memcpy(&x, p + i, 8), plain_word(x));)
			i += 8;
		while (i < n && ((unsigned char)(p[i] - 0x20) < 0x5f || p[i] == '\n'))
			i++;
	} else {
		while (i < n && (((unsigned char)(p[i] - 0x20) < 0x5f && p[i] != '\\') || p[i] == '\n'))
			i++;
	}
	return i;
}

static ssize_t out_write(void *cookie, const char *data, size_t size)
{
	struct out_filter *f = cookie;

	for (size_t i = 0; i < size;) {
		size_t run = plain_run(f, (const unsigned char *)data + i, size - i);

		if (run) {
			out_raw(f, (const unsigned char *)data + i, run);
			i += run;
			continue;
		}
		out_byte(f, (unsigned char)data[i++]);
	}
	out_flush(f);
	if (f->failed) {
		errno = f->error;
		return -1;
	}
	return (ssize_t)size;
}

static struct out_filter *filter_of(FILE *stream)
{
	return stream == stdout ? &out_filters[0] : stream == stderr ? &out_filters[1] : NULL;
}

/*
 * The tool's own terminal sequences (redraw, erase a progress line) are
 * not data: they go out as they are, in order with what was printed.
 */
int output_control(FILE *stream, const char *seq)
{
	struct out_filter *f = filter_of(stream);
	int err = 0;

	flockfile(stream);
	if (fflush(stream) != 0)
		err = -1;
	if (f && !err) {
		out_pending_invalid(f);
		out_backslash(f, NULL);
		out_raw(f, (const unsigned char *)seq, strlen(seq));
		out_flush(f);
		if (f->failed) {
			errno = f->error;
			err = -1;
		}
	} else if (!f && fputs(seq, stream) < 0) {
		err = -1;
	}
	funlockfile(stream);
	return err;
}

/* ---- widths: the columns text takes once shown ---- */

static locale_t utf8_locale;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void utf8_open(void)
{
	/* Built into glibc since 2.35, whatever the user's locale: widths need no setlocale(). */
	utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

/* Columns of a character the filter lets through as it is: 2 for the wide (CJK), 0 for a combining one. */
static size_t char_columns(uint32_t cp)
{
	locale_t before;
	int w;

	pthread_once(&utf8_once, utf8_open);
	if (!utf8_locale)
		return 1;
	before = uselocale(utf8_locale);
	w = wcwidth((wchar_t)cp);
	uselocale(before);
	return w < 0 ? 1 : (size_t)w;
}

size_t shown_width(const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t width = 0;

	while (*p) {
		char shown[MG_SHOWN_MAX];
		size_t n = mg_show_next(p, shown);
		uint32_t cp = 0;

		/* What follows a cell (padding, the newline) shows a backslash at its end bare. */
		if (p[0] == '\\' && !p[1])
			width += 1;
		else if (p[0] >= 0x80 && mg_utf8_decode(p, &cp) == n && !memcmp(shown, p, n) && !shown[n])
			width += char_columns(cp);
		else
			width += strlen(shown);
		p += n;
	}
	return width;
}

/* The errno of the failed write to @stream, or 0. */
int output_error(FILE *stream)
{
	struct out_filter *f = filter_of(stream);

	return f && f->failed ? f->error : ferror(stream) ? EIO : 0;
}

/* At exit: what stdio still holds, and a sequence the output ended inside. */
static void out_finish(void)
{
	fflush(stdout);
	fflush(stderr);
	for (size_t i = 0; i < 2; i++) {
		out_pending_invalid(&out_filters[i]);
		out_backslash(&out_filters[i], NULL);
		out_flush(&out_filters[i]);
	}
}

static FILE *out_open(struct out_filter *f, int fd, int mode)
{
	cookie_io_functions_t io = { .write = out_write };
	FILE *s = fopencookie(f, "w", io);

	f->fd = fd;
	if (s)
		setvbuf(s, mode == _IOFBF ? f->stdio : NULL, mode, mode == _IOFBF ? sizeof(f->stdio) : BUFSIZ);
	return s;
}

int output_filter_install(void)
{
	FILE *out = out_open(&out_filters[0], STDOUT_FILENO, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
	FILE *err = out_open(&out_filters[1], STDERR_FILENO, _IOLBF);

	if (!out || !err || atexit(out_finish) != 0)
		return -1;
	stdout = out;
	stderr = err;
	return 0;
}

void output_filter_json(bool json)
{
	fflush(stdout);
	out_backslash(&out_filters[0], NULL);
	out_filters[0].json = json;
}

int output_document(FILE *stream, const char *text)
{
	struct out_filter *f = filter_of(stream);
	bool was = f ? f->json : false;
	int err;

	fflush(stream);
	if (f) {
		out_backslash(f, NULL);
		f->json = true;
	}
	err = fputs(text, stream) < 0 || fflush(stream) != 0 ? -1 : 0;
	if (f)
		f->json = was;
	return err;
}

void print_part(const char *part, int err, char **text)
{
	if (err < 0)
		fprintf(stderr, "multigig: %s: %s\n", part, strerror(-err));
	else
		output_document(stdout, *text);
	free(*text);
	*text = NULL;
}

/* Set once, when the command is known: the help a usage error points to. */
static const char *usage_command;

void usage_error_command(const char *name)
{
	usage_command = name;
}

int usage_error(const char *fmt, ...)
{
	va_list args;

	fputs("multigig: ", stderr);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	if (usage_command)
		fprintf(stderr, "\nTry 'multigig help %s'.\n", usage_command);
	else
		fputs("\nTry 'multigig --help'.\n", stderr);
	return EXIT_USAGE;
}

const char *did_you_mean(char *buf, size_t size, const char *word, const char *const *candidates, size_t count)
{
	const char *s = suggest(word, candidates, count);

	if (!s)
		return "";
	snprintf(buf, size, " (did you mean '%s'?)", s);
	return buf;
}

int fail(struct mg_ctx *ctx, int err, const char *what)
{
	const char *msg = ctx ? mg_ctx_last_error(ctx) : "";

	fprintf(stderr, "multigig: %s: %s\n", what, msg[0] ? msg : strerror(-err));
	return EXIT_FAILURE;
}

int print_json(int err, char *json, const char *what)
{
	bool ok;

	if (err < 0)
		return fail(NULL, err, what);
	ok = fputs(json, stdout) >= 0 && putchar('\n') != EOF;
	free(json);
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

int write_stdout(void *data, const char *text, size_t len)
{
	(void)data;
	return fwrite(text, 1, len, stdout) == len ? 0 : -EIO;
}

const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}
