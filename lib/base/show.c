/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Strings from the machine as a person is shown them: as one word of a
 * command to paste into a shell. Interface names, drivers and USB strings
 * are whatever the kernel or a capture holds: a bridge port may be named
 * $(reboot).
 *
 * The CLI compiles this file in as well (it links the shared library,
 * whose internal functions are hidden), so its hints and its output filter
 * follow the same rules as the library's documents: it calls nothing else
 * of the library.
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

const char *mg_shell_word(char *buf, size_t size, const char *word)
{
	size_t n = 0;

	if (!word)
		word = "";
	if (size < 3) {
		/* Too small even for '': nothing at all is safer than half a word. */
		if (size)
			buf[0] = '\0';
		return buf;
	}
	if (!shell_needs_quotes(word) && strlen(word) < size) {
		memcpy(buf, word, strlen(word) + 1);
		return buf;
	}
	/* In single quotes nothing is special but the quote itself: close, \', reopen. */
	buf[n++] = '\'';
	for (const char *p = word; *p; p++) {
		size_t need = *p == '\'' ? 4 : 1;

		if (n + need + 2 > size)
			break;
		if (*p == '\'') {
			memcpy(buf + n, "'\\''", 4);
		} else {
			buf[n] = *p;
		}
		n += need;
	}
	buf[n++] = '\'';
	buf[n] = '\0';
	return buf;
}
