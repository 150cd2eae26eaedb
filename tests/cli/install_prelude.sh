# install_prelude.sh — sourced by test_install*.sh: `cmake --install` of
# $MC_BUILD_DIR into a scratch prefix ($P, under $T), PKG_CONFIG_PATH set to
# its minclue.pc, $libdir the library's directory (physical path), $CC the
# compiler and $san the flags a program linked to a sanitizer build's
# library needs too; fail MESSAGE prints "FAIL: MESSAGE" and ends the test.
: "${MC_BUILD_DIR:?}" "${MC_SOURCE_DIR:?}" "${MC_TEST_DATA:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v pkg-config > /dev/null || fail "pkg-config missing"
CC=${CC:-cc}
san=""
grep -q '^MC_SANITIZE:BOOL=ON' "$MC_BUILD_DIR/CMakeCache.txt" 2>/dev/null && san="-fsanitize=address,undefined"
cmake --install "$MC_BUILD_DIR" --prefix "$T/prefix" > "$T/install.log" 2>&1 || { cat "$T/install.log"; fail "cmake --install"; }
P=$T/prefix
pcdir=$(dirname "$(find "$P" -name minclue.pc | head -1)")
[ -f "$pcdir/minclue.pc" ] || fail "no minclue.pc installed"
export PKG_CONFIG_PATH=$pcdir
libdir=$(cd "$(pkg-config --variable=libdir minclue)" && pwd -P) || fail "pkg-config libdir"
