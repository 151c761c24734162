# Sourced by scripts that compile many files: at most one background job per core.
#   compile_each OBJECTS COMPILER [FLAG...] -- SOURCE...
#                   starts one compiler per source (OBJECTS/NAME.o), throttled
#   jobs_throttle   before starting each job (waits while every core has one)
#   jobs_wait       after the last (waits for all; under set -e a failed job stops the script)

jobs_throttle() {
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
}

jobs_wait() {
    local job
    for job in $(jobs -p); do wait "$job"; done
}

# One translation unit per job: the kernel's backends take tens of seconds each, so a
# single compiler invocation for all of them leaves every other core idle.
compile_each() {
    local objects="$1" compiler="$2" source
    local flags=()
    shift 2
    while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
        flags+=("$1")
        shift
    done
    shift
    mkdir -p "$objects"
    for source in "$@"; do
        jobs_throttle
        "$compiler" "${flags[@]}" -c "$source" -o "$objects/$(basename "${source%.c}").o" &
    done
}

# The kernel's emulated backends (SIMDe's portable backend and NEON off AArch64) are
# for tests, switched on explicitly: STAGGER_EMULATED_BACKENDS=1 (which scripts/test
# exports) adds them to SwiftPM's build and, through this array, to a script's clang.
emulated_backends=()
if [ "${STAGGER_EMULATED_BACKENDS:-}" = 1 ]; then emulated_backends=(-DCI_EMULATED_BACKENDS); fi
