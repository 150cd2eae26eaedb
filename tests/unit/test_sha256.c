/* test_sha256 — SHA-256 against the FIPS 180-4 / NIST test vectors (one
 * block, empty, two blocks of 448 and 896 bits, a million 'a's), and any
 * split of the input into sha256_update calls against one call, on the
 * lengths around the block and padding edges (55, 56, 63, 64 bytes).
 * tests/cli/test_job_verify_many.sh checks journal digests against
 * sha256sum.
 * ctest-labels: unit
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prng.h"
#include "sha256.h"

static void hex_of(const void *data, size_t n, char *hex)
{
    sha256_ctx c;
    uint8_t d[SHA256_BYTES];
    sha256_init(&c);
    sha256_update(&c, data, n);
    sha256_final(&c, d);
    sha256_hex(d, hex);
}

static void test_nist_vectors(void **state)
{
    (void)state;
    static const struct {
        const char *msg, *digest;
    } v[] = {
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstn"
         "opqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    char hex[SHA256_HEX_CHARS + 1];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        hex_of(v[i].msg, strlen(v[i].msg), hex);
        assert_string_equal(hex, v[i].digest);
    }
    /* one million 'a', given 1,000 bytes at a time */
    char a[1000];
    memset(a, 'a', sizeof a);
    sha256_ctx c;
    uint8_t d[SHA256_BYTES];
    sha256_init(&c);
    for (int i = 0; i < 1000; i++) sha256_update(&c, a, sizeof a);
    sha256_final(&c, d);
    sha256_hex(d, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_any_split(void **state)
{
    (void)state;
    const uint64_t seed = 20261125;
    prng p;
    prng_seed(&p, seed);
    uint8_t msg[300];
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)prng_next(&p);
    for (size_t n = 0; n <= sizeof msg; n++) {
        char whole[SHA256_HEX_CHARS + 1], parts[SHA256_HEX_CHARS + 1];
        hex_of(msg, n, whole);
        for (int t = 0; t < 8; t++) {
            sha256_ctx c;
            uint8_t d[SHA256_BYTES];
            sha256_init(&c);
            for (size_t at = 0; at < n;) {
                size_t k = (size_t)(prng_next(&p) % 70);
                if (k > n - at) k = n - at;
                sha256_update(&c, msg + at, k);
                at += k;
            }
            sha256_final(&c, d);
            sha256_hex(d, parts);
            if (strcmp(whole, parts)) fail_msg("seed %llu: %zu bytes, split %d: %s, whole %s", (unsigned long long)seed, n, t, parts, whole);
        }
    }
}

static void test_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_sha256_XXXXXX", hex[SHA256_HEX_CHARS + 1];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < 100000; i++) fputs("abcdefghij", f); /* 1,000,000 bytes, more than one read */
    fclose(f);
    mc_error err;
    assert_int_equal(sha256_file_hex(path, hex, &err), MC_OK);
    char *all = malloc(1000001);
    for (int i = 0; i < 100000; i++) memcpy(all + 10 * i, "abcdefghij", 10);
    char want[SHA256_HEX_CHARS + 1];
    hex_of(all, 1000000, want);
    assert_string_equal(hex, want);
    free(all);
    remove(path);
    assert_int_equal(sha256_file_hex(path, hex, &err), MC_EIO);
    assert_non_null(strstr(err.msg, path));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nist_vectors),
        cmocka_unit_test(test_any_split),
        cmocka_unit_test(test_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
