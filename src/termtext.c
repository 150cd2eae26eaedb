/* termtext — text made safe for a terminal; see termtext.h. */
#include "termtext.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The bytes of the valid UTF-8 character at s that is not a C1 control
 * (2..4), or 0. */
static int utf8_char(const unsigned char *s)
{
    unsigned char c = s[0];
    int n;
    unsigned char lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) n = 2;
    else if (c >= 0xe0 && c <= 0xef) n = 3, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (int i = 2; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (c == 0xc2 && s[1] <= 0x9f) return 0; /* U+0080..U+009F */
    return n;
}

/* The next piece of s (one character or one escaped byte) into piece
 * (at least 5 bytes); returns the bytes of s it takes, and its length in
 * *len. */
static size_t next_piece(const unsigned char *s, char *piece, size_t *len)
{
    static const char hex[] = "0123456789abcdef";
    unsigned char c = s[0];
    const char *named = c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : c == 0x1b ? "\\e"
                        : c == '\\' ? "\\\\" : NULL;
    if (named) {
        memcpy(piece, named, 2);
        *len = 2;
        return 1;
    }
    if (c >= 0x20 && c < 0x7f) {
        piece[0] = (char)c;
        *len = 1;
        return 1;
    }
    int n = c >= 0x80 ? utf8_char(s) : 0;
    if (n) {
        memcpy(piece, s, (size_t)n);
        *len = (size_t)n;
        return (size_t)n;
    }
    piece[0] = '\\';
    piece[1] = 'x';
    piece[2] = hex[c >> 4];
    piece[3] = hex[c & 15];
    *len = 4;
    return 1;
}

size_t termtext_len(const char *s)
{
    size_t total = 0, len;
    char piece[8];
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        p += next_piece(p, piece, &len);
        total += len;
    }
    return total;
}

char *termtext_escape(char *out, size_t cap, const char *s)
{
    size_t n = 0, len;
    char piece[8];
    bool cut = false;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t took = next_piece(p, piece, &len);
        if (n + len + 1 > cap) {
            cut = true;
            break;
        }
        memcpy(out + n, piece, len);
        n += len;
        p += took;
    }
    if (cut && cap >= 4) {
        /* room for "...": drop whole pieces from the end (none is split) */
        while (n + 4 > cap) {
            size_t k = 0, at = 0;
            for (const unsigned char *p = (const unsigned char *)s; k < n;) { /* the start of the last piece */
                at = k;
                p += next_piece(p, piece, &len);
                k += len;
            }
            n = at;
        }
        memcpy(out + n, "...", 3);
        n += 3;
    }
    if (cap) out[n] = 0;
    return out;
}

char *termtext_dup(const char *s)
{
    size_t n = termtext_len(s) + 1;
    char *out = malloc(n);
    return out ? termtext_escape(out, n, s) : NULL;
}

void termtext_put(FILE *f, const char *s)
{
    size_t len;
    char piece[8];
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        p += next_piece(p, piece, &len);
        fwrite(piece, 1, len, f);
    }
}

void termtext_vprintf(FILE *f, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *text = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!text) {
        fputs("(a line not shown: out of memory)\n", f);
    } else {
        vsnprintf(text, (size_t)n + 1, fmt, again);
        bool nl = n > 0 && text[n - 1] == '\n';
        if (nl) text[n - 1] = 0;
        termtext_put(f, text);
        if (nl) fputc('\n', f);
    }
    va_end(again);
    free(text);
}

void termtext_printf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    termtext_vprintf(f, fmt, ap);
    va_end(ap);
}
