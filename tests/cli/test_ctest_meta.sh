#!/usr/bin/env bash
# test_ctest_meta — every test is registered with the labels and timeout its
# file asks for (the ctest- comments of CMakeLists.txt's mc_test_meta,
# anywhere in the file; defaults: label unit, 300 s): ctest's own listing
# (ctest --show-only=json-v1 in the build) against each file of tests/unit
# and tests/cli, read here with grep. A test whose header grew past what
# the parser reads would run with the default timeout and label, and a
# long test would time out or run in the wrong suite.
# ctest-labels: unit
# ctest-timeout: 300
set -uo pipefail
S=${MC_SOURCE_DIR:?}
B=${MC_BUILD_DIR:?}
source "$S/tests/cli/prelude.sh"
Q=${MC_JSON_QUERY:?}

(cd "$B" && ctest --show-only=json-v1) > tests.json
check "ctest lists the tests as JSON" $?
n=$("$Q" tests.json tests | tr -d '[]')
[ "${n:-0}" -gt 50 ]
check "ctest lists $n tests" $?

sorted() { printf '%s\n' "$@" | sort | tr '\n' ' ' | sed 's/ $//'; }

# name -> "labels|timeout" as ctest has them (labels sorted, seconds whole)
declare -A have
for ((i = 0; i < n; i++)); do
    name=$("$Q" tests.json "tests.$i.name")
    np=$("$Q" tests.json "tests.$i.properties" | tr -d '[]')
    labels="" timeout=""
    for ((j = 0; j < np; j++)); do
        case $("$Q" tests.json "tests.$i.properties.$j.name") in
        LABELS)
            nl=$("$Q" tests.json "tests.$i.properties.$j.value" | tr -d '[]')
            for ((k = 0; k < nl; k++)); do labels+="${labels:+ }$("$Q" tests.json "tests.$i.properties.$j.value.$k")"; done ;;
        TIMEOUT) timeout=$("$Q" tests.json "tests.$i.properties.$j.value") timeout=${timeout%.0} ;;
        esac
    done
    have[$name]="$(sorted $labels)|$timeout"
done

# what each file asks for (the key is split so that this file's own lines
# are not read as its settings)
key=ctest-
bad=0 seen=0
for f in "$S"/tests/unit/test_*.c "$S"/tests/cli/test_*.sh; do
    base=$(basename "$f")
    base=${base%.*}
    case $f in *.sh) name=cli_$base ;; *) name=$base ;; esac
    want_l=$(grep -m1 -o "${key}labels:[ 	]*[a-z0-9 	]*" "$f" | sed "s/^${key}labels:[ 	]*//; s/[ 	]*\$//; s/[ 	][ 	]*/ /g")
    want_t=$(grep -m1 -o "${key}timeout:[ 	]*[0-9]*" "$f" | sed "s/^${key}timeout:[ 	]*//")
    want="$(sorted ${want_l:-unit})|${want_t:-300}"
    seen=$((seen + 1))
    if [ "${have[$name]-missing}" != "$want" ]; then
        echo "  $name: ctest has '${have[$name]-missing}', $(basename "$f") asks for '$want'"
        bad=$((bad + 1))
    fi
done
[ "$bad" = 0 ]
check "labels and timeouts of $seen test files as their files ask" $?

# the file that outgrew the parser's old 30-line window
[ "${have[test_band_given]-}" = "unit|900" ]
check "test_band_given: label unit, timeout 900 (its settings are on lines 30-31)" $?

[ "$fails" = 0 ]
