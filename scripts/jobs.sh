# Sourced by scripts that compile many files: at most one background job per core.
#   jobs_throttle   before starting each job (waits while every core has one)
#   jobs_wait       after the last (waits for all; under set -e a failed job stops the script)

jobs_throttle() {
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n; done
}

jobs_wait() {
    local job
    for job in $(jobs -p); do wait "$job"; done
}
