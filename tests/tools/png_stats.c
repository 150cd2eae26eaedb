/* png_stats FILE [RRGGBB...] — for the shell tests: decodes an 8-bit RGB or
 * RGBA PNG (non-interlaced, as rsvg-convert writes) with zlib and prints
 * "WIDTH HEIGHT COLOURS" (the number of distinct opaque colours), then for
 * each RRGGBB given the number of pixels of exactly that colour. Exit 1 when
 * FILE is not such a PNG, 2 on bad usage. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int bad(const char *f, const char *why)
{
    fprintf(stderr, "png_stats: %s: %s\n", f, why);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: png_stats FILE [RRGGBB...]\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) return bad(argv[1], "cannot open");
    static uint8_t buf[1 << 26];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    if (n < 33 || memcmp(buf, "\x89PNG\r\n\x1a\n", 8) || memcmp(buf + 12, "IHDR", 4)) return bad(argv[1], "not a PNG");
    uint32_t w = be32(buf + 16), h = be32(buf + 20);
    int depth = buf[24], type = buf[25], interlace = buf[28];
    int bpp = type == 6 ? 4 : type == 2 ? 3 : 0;
    if (depth != 8 || !bpp || interlace || !w || !h || w > 20000 || h > 20000)
        return bad(argv[1], "not an 8-bit RGB(A) non-interlaced PNG");
    size_t zlen = 0;
    uint8_t *z = malloc(n);
    for (size_t p = 8; z && p + 12 <= n;) {
        uint32_t len = be32(buf + p);
        if (p + 12 + len > n) break;
        if (!memcmp(buf + p + 4, "IDAT", 4)) {
            memcpy(z + zlen, buf + p + 8, len);
            zlen += len;
        }
        p += 12 + len;
    }
    size_t stride = (size_t)w * bpp, rawlen = (stride + 1) * h;
    uint8_t *raw = malloc(rawlen), *img = malloc(stride * h);
    uLongf got = rawlen;
    if (!z || !raw || !img || uncompress(raw, &got, z, zlen) != Z_OK || got != rawlen)
        return bad(argv[1], "bad image data");
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *src = raw + y * (stride + 1) + 1;
        uint8_t *row = img + y * stride, *up = y ? row - stride : NULL;
        int ft = src[-1];
        for (size_t x = 0; x < stride; x++) {
            int a = x >= (size_t)bpp ? row[x - bpp] : 0, b = up ? up[x] : 0, c = up && x >= (size_t)bpp ? up[x - bpp] : 0;
            int v = src[x];
            switch (ft) {
            case 0: break;
            case 1: v += a; break;
            case 2: v += b; break;
            case 3: v += (a + b) / 2; break;
            case 4: v += paeth(a, b, c); break;
            default: return bad(argv[1], "bad filter");
            }
            row[x] = (uint8_t)v;
        }
    }
    uint32_t *px = malloc((size_t)w * h * sizeof *px);
    size_t np = 0;
    for (size_t i = 0; px && i < (size_t)w * h; i++) {
        const uint8_t *p = img + i * bpp;
        if (bpp == 4 && p[3] != 255) continue;
        px[np++] = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
    if (!px) return bad(argv[1], "out of memory");
    qsort(px, np, sizeof *px, cmp_u32);
    size_t colours = 0;
    for (size_t i = 0; i < np; i++) colours += !i || px[i] != px[i - 1];
    printf("%u %u %zu\n", w, h, colours);
    for (int k = 2; k < argc; k++) {
        uint32_t c = (uint32_t)strtoul(argv[k], NULL, 16);
        size_t cnt = 0;
        for (size_t i = 0; i < np; i++) cnt += px[i] == c;
        printf("%zu\n", cnt);
    }
    free(px);
    free(z);
    free(raw);
    free(img);
    return 0;
}
