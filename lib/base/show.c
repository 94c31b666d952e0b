/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Strings from the machine as a person is shown them: as one word of a
 * command to paste into a shell, and as text in which no two strings look
 * alike. Interface names, drivers and USB strings are whatever the kernel
 * or a capture holds: a bridge port may be named $(reboot), and eth0 and
 * eth0 with a zero-width space are two interfaces.
 *
 * The CLI compiles this file in as well (it links the shared library,
 * whose internal functions are hidden), so its hints and its output filter
 * follow the same rules as the library's documents: it calls nothing else
 * of the library's internals.
 */
#include <stdio.h>
#include <string.h>

#include "base/base.h"

/*
 * Bytes a POSIX shell (and bash, zsh) takes literally anywhere in a word.
 * Left out on purpose: '=' (zsh expands a leading =cmd), '~', '#', '!',
 * '^', braces and globs.
 */
static bool shell_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("_-.,/:+@%", c));
}

/* Whether @word needs quotes to stay one word that the shell does not act on. */
static bool shell_needs_quotes(const char *word)
{
	if (!*word)
		return true;
	for (const unsigned char *p = (const unsigned char *)word; *p; p++)
		if (!shell_plain(*p))
			return true;
	return false;
}

/*
 * Whether @word holds what a person could not paste back from the screen:
 * a control character, a byte that is not UTF-8, a character that shows
 * nothing, or a backslash, which text shows doubled where it could start
 * an escape (mg_show_next()).
 */
static bool shell_needs_printf(const char *word)
{
	const unsigned char *p = (const unsigned char *)word;

	while (*p) {
		uint32_t cp;
		size_t n = mg_utf8_decode(p, &cp);

		if (!n || cp == '\\' || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || mg_char_hidden(cp))
			return true;
		p += n;
	}
	return false;
}

/*
 * One byte inside the quotes; in printf's format, % and what cannot be
 * pasted as \ooo, and a leading '-' too: printf (bash's, dash's) reads a
 * format that begins with one as an option and prints nothing.
 */
static size_t shell_piece(unsigned char c, bool printf_form, bool lead, char piece[5])
{
	if (c == '\'') {
		memcpy(piece, "'\\''", 4);
		return 4;
	}
	if (printf_form && c == '%') {
		memcpy(piece, "%%", 2);
		return 2;
	}
	if (printf_form && (c == '\\' || c < 0x20 || c >= 0x7f || (lead && c == '-'))) {
		snprintf(piece, 5, "\\%03o", c);
		return 4;
	}
	piece[0] = (char)c;
	return 1;
}

const char *mg_shell_word(char *buf, size_t size, const char *word)
{
	bool printf_form;
	const char *open, *close;
	size_t n, end;

	if (!word)
		word = "";
	if (!shell_needs_quotes(word) && strlen(word) < size) {
		memcpy(buf, word, strlen(word) + 1);
		return buf;
	}
	/*
	 * In single quotes nothing is special but the quote itself: close, \',
	 * reopen. Bytes that cannot be pasted from the screen are made by
	 * printf from octal escapes, still inside single quotes, so what is
	 * pasted is the name itself, never another one that shows alike.
	 */
	printf_form = shell_needs_printf(word);
	open = printf_form ? "\"$(printf '" : "'";
	close = printf_form ? "')\"" : "'";
	if (size < strlen(open) + strlen(close) + 1) {
		/* Too small even for the quotes: nothing at all is safer than half a word. */
		if (size)
			buf[0] = '\0';
		return buf;
	}
	n = strlen(open);
	memcpy(buf, open, n);
	end = size - strlen(close) - 1;
	for (const unsigned char *p = (const unsigned char *)word; *p; p++) {
		char piece[5];
		size_t len = shell_piece(*p, printf_form, p == (const unsigned char *)word, piece);

		if (n + len > end)
			break;
		memcpy(buf + n, piece, len);
		n += len;
	}
	memcpy(buf + n, close, strlen(close) + 1);
	return buf;
}

const char *mg_shell_operand(char *buf, size_t size, const char *word)
{
	if (!word || word[0] != '-')
		return mg_shell_word(buf, size, word);
	if (size < 4) {
		/* No room for the "--": nothing at all is safer than an option. */
		if (size)
			buf[0] = '\0';
		return buf;
	}
	/* Quotes do not help: the shell removes them, and the command still sees a leading '-'. */
	memcpy(buf, "-- ", 3);
	mg_shell_word(buf + 3, size - 3, word);
	return buf;
}

/*
 * Characters that show nothing, or change how what follows them shows:
 * with them eth0 and eth0 + U+200B look the same, and U+202E prints the
 * rest of a line backwards. Text shows each as an escape (\u200b); JSON
 * keeps the character but writes it as a \u escape. Python's label_value()
 * reads this table at build time (gen-hidden.py). Ascending.
 */
static const struct {
	uint32_t first, last;
} hidden[] = {
	{ 0x00ad, 0x00ad },   /* soft hyphen */
	{ 0x034f, 0x034f },   /* combining grapheme joiner */
	{ 0x061c, 0x061c },   /* Arabic letter mark */
	{ 0x115f, 0x1160 },   /* Hangul choseong and jungseong fillers */
	{ 0x17b4, 0x17b5 },   /* Khmer inherent vowels */
	{ 0x180b, 0x180f },   /* Mongolian variation selectors, vowel separator */
	{ 0x200b, 0x200f },   /* zero width space, non-joiner, joiner; direction marks */
	{ 0x202a, 0x202e },   /* direction embeddings and overrides */
	{ 0x2060, 0x206f },   /* word joiner, invisible operators, direction isolates */
	{ 0x3164, 0x3164 },   /* Hangul filler */
	{ 0xfe00, 0xfe0f },   /* variation selectors */
	{ 0xfeff, 0xfeff },   /* zero width no-break space, byte order mark */
	{ 0xffa0, 0xffa0 },   /* halfwidth Hangul filler */
	{ 0xfff9, 0xfffb },   /* interlinear annotation */
	{ 0xfffe, 0xffff },   /* noncharacters, which XML forbids too */
	{ 0xe0000, 0xe007f }, /* tags */
	{ 0xe0100, 0xe01ef }, /* variation selectors supplement */
};

bool mg_char_hidden(uint32_t cp)
{
	for (size_t i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		if (cp >= hidden[i].first && cp <= hidden[i].last)
			return true;
	return false;
}

size_t mg_utf8_decode(const unsigned char *s, uint32_t *cp)
{
	unsigned char c = s[0];
	uint32_t v, min;
	size_t n;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2, v = c & 0x1f, min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3, v = c & 0x0f, min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

/* Whether the character @cp (of @n bytes, 0: a stray byte) is written as it is. */
static bool shows_as_itself(uint32_t cp, size_t n)
{
	return n && cp != '\\' && (cp >= 0x20 || cp == '\n') && !(cp >= 0x7f && cp <= 0x9f) && !mg_char_hidden(cp);
}

bool mg_show_bare_backslash(const unsigned char *next)
{
	uint32_t cp = 0;
	size_t n;

	if (!*next)
		return false;
	n = mg_utf8_decode(next, &cp);
	return shows_as_itself(cp, n) && cp != 'x' && cp != 'u' && cp != 'U';
}

size_t mg_show_next(const unsigned char *s, char out[MG_SHOWN_MAX])
{
	uint32_t cp;
	size_t n = mg_utf8_decode(s, &cp);

	if (n == 0) {
		snprintf(out, MG_SHOWN_MAX, "\\x%02x", s[0]);
		return 1;
	}
	if (shows_as_itself(cp, n)) {
		memcpy(out, s, n);
		out[n] = '\0';
	} else if (cp == '\\') {
		snprintf(out, MG_SHOWN_MAX, mg_show_bare_backslash(s + 1) ? "\\" : "\\\\");
	} else if (cp < 0x80) {
		snprintf(out, MG_SHOWN_MAX, "\\x%02x", s[0]);
	} else if (cp <= 0x9f) { /* C1 controls: some terminals obey them */
		snprintf(out, MG_SHOWN_MAX, "\\x%02x\\x%02x", s[0], s[1]);
	} else {
		snprintf(out, MG_SHOWN_MAX, cp > 0xffff ? "\\U%08x" : "\\u%04x", (unsigned int)cp);
	}
	return n;
}
