/* sha256 — SHA-256 (FIPS 180-4), for binding files by content (the journal
 * digests of a `job verify` certificate).
 *
 * A context holds the eight 32-bit words of the running hash, the bytes
 * hashed so far and a partial 64-byte block: sha256_update may be called
 * with any split of the input and gives the same digest as one call
 * (tested against the NIST vectors and sha256sum). The digest is 32 bytes,
 * big-endian words; sha256_hex writes it as 64 lower-case hex digits.
 */
#ifndef MC_SHA256_H
#define MC_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "mc_error.h"

#define SHA256_BYTES 32
#define SHA256_HEX_CHARS 64

typedef struct sha256_ctx {
    uint32_t h[8];
    uint64_t bytes;          /* hashed so far, the partial block included */
    uint8_t block[64];       /* bytes % 64 bytes of the next block */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t n);
void sha256_final(sha256_ctx *c, uint8_t digest[SHA256_BYTES]);
/* digest as hex, NUL-terminated (out holds SHA256_HEX_CHARS + 1). */
void sha256_hex(const uint8_t digest[SHA256_BYTES], char *out);
/* The digest of a file's bytes, as hex; MC_EIO naming the file when it
 * cannot be read. */
MC_MUST_USE mc_status sha256_file_hex(const char *path, char *hex, mc_error *err);

#endif
