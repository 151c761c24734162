// bench_main.cc: Google Benchmark driver for Stagger's C kernel (Sources/CInterp) and
// its peers (peers.h), all over the same float32 data in one binary.
//
// Names: BM_<operation>/<backend or peer>/<count>, counts 1k, 16k, 256k, 4M. Every
// benchmark reports items_per_second, per_item (CPU time per item) and allocs (heap
// allocations per iteration, counted by alloc_hook.c), and with repetitions a "min"
// aggregate next to Google Benchmark's mean / median / stddev.
//
// Before the benchmarks it prints to stderr the largest absolute error of every
// implementation against a double-precision evaluation of the same float inputs, so a
// speed-up is never bought with a different formula or lost accuracy unnoticed.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "cinterp.h"
#include "peers.h"

namespace {

constexpr size_t kCounts[] = {size_t(1) << 10, size_t(1) << 14, size_t(1) << 18,
                              size_t(1) << 22};
constexpr size_t kMaxCount = size_t(1) << 22;
constexpr size_t kAccuracyCount = size_t(1) << 14;

// The under-damped spring of every spring benchmark: response 0.5 s, damping 0.5.
constexpr double kPi = 3.14159265358979323846;
constexpr double kOmega0 = 2 * kPi / 0.5;
constexpr double kZeta = 0.5;

// Inputs: a low-discrepancy sequence, so every prefix (every count) covers the whole
// range evenly: progress in [0, 1), times in [0, 2) s (the spring settles by then).
struct Buffers {
    float *progress, *time, *out, *tracks[3];
};
Buffers g;

float *allocate(size_t n) {
    void *p = nullptr;
    if (posix_memalign(&p, 64, n * sizeof(float)) != 0) {
        std::fprintf(stderr, "out of memory\n");
        std::exit(1);
    }
    std::memset(p, 0, n * sizeof(float));
    return static_cast<float *>(p);
}

void fill_inputs() {
    g.progress = allocate(kMaxCount);
    g.time = allocate(kMaxCount);
    g.out = allocate(kMaxCount);
    for (float *&t : g.tracks) t = allocate(kMaxCount);
    const double golden = 0.61803398874989484820;
    for (size_t i = 0; i < kMaxCount; i++) {
        double u = std::fmod(double(i) * golden, 1.0);
        g.progress[i] = float(u);
        g.time[i] = float(2.0 * u);
    }
}

ci_curve penner(int kind, int direction) {
    ci_curve c{};
    c.kind = kind;
    c.direction = direction;
    return c;
}

ci_curve spring(double zeta) {
    ci_curve c{};
    c.kind = CI_CURVE_SPRING;
    c.params[0] = float(kOmega0);
    c.params[1] = float(zeta);
    c.params[2] = 1.0f;
    c.params[3] = 0.0f;
    return c;
}

ci_curve bezier(float x1, float y1, float x2, float y2) {  // CSS cubic-bezier(x1, y1, x2, y2)
    ci_curve c{};
    c.kind = CI_CURVE_CUBIC_BEZIER;
    c.params[0] = x1;
    c.params[1] = y1;
    c.params[2] = x2;
    c.params[3] = y2;
    return c;
}

ci_curve bezier_ease() { return bezier(0.25f, 0.1f, 0.25f, 1.0f); }  // CSS `ease`

// CSS `ease-out`: x'(0) = 0, the table's steps are in sqrt(x).
ci_curve bezier_ease_out() { return bezier(0.0f, 0.0f, 0.58f, 1.0f); }

// easings.net's cubic-bezier for easeInOutQuint: a steep middle where x'(t) is small,
// where secants of the start table are far off (the kernel then starts from parabolas).
ci_curve bezier_in_out_quint() { return bezier(0.83f, 0.0f, 0.17f, 1.0f); }

ci_curve steps10() {  // CSS steps(10, jump-end)
    ci_curve c{};
    c.kind = CI_CURVE_STEPS;
    c.steps = 10;
    c.step_position = CI_JUMP_END;
    return c;
}

double min_of(const std::vector<double> &v) {
    return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

void check(ci_status status, const std::string &what) {
    if (status != CI_OK) {
        std::fprintf(stderr, "%s: status %d\n", what.c_str(), int(status));
        std::exit(1);
    }
}

// Registers BM_<operation>/<impl>/<count> for every count. `pass(n)` runs one pass over
// n items; bytes_per_item is what the pass reads plus writes.
void add(const std::string &operation, const std::string &impl,
         std::function<void(size_t)> pass, double bytes_per_item) {
    const std::string name = "BM_" + operation + "/" + impl;
    auto *b = benchmark::RegisterBenchmark(
        name.c_str(), [pass, bytes_per_item](benchmark::State &state) {
            const size_t n = size_t(state.range(0));
            const unsigned long before = bench_allocations();
            for (auto _ : state) {
                pass(n);
                benchmark::ClobberMemory();
            }
            const double allocations = double(bench_allocations() - before);
            state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n));
            state.SetBytesProcessed(int64_t(double(state.iterations()) * double(n) *
                                            bytes_per_item));
            // n per iteration as a rate is items per second; inverted, time per item
            // (printed with an SI prefix: 628ps is 0.628 ns).
            state.counters["per_item"] = benchmark::Counter(
                double(n),
                benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
            state.counters["allocs"] =
                benchmark::Counter(allocations, benchmark::Counter::kAvgIterations);
        });
    for (size_t count : kCounts) b->Arg(int64_t(count));
    b->ComputeStatistics("min", min_of);
}

// ---- references and accuracy ----------------------------------------------------

double ref_spring_under(double t) {
    const double lambda = kZeta * kOmega0;
    const double omega = kOmega0 * std::sqrt(1 - kZeta * kZeta);
    return 1 - std::exp(-lambda * t) * (std::cos(omega * t) + lambda / omega * std::sin(omega * t));
}

double ref_sine_inout(double p) { return 0.5 - 0.5 * std::cos(kPi * p); }

double ref_expo_inout(double p) {
    if (p == 0) return 0;
    if (p == 1) return 1;
    return p < 0.5 ? std::exp2(20 * p - 10) / 2 : 1 - std::exp2(10 - 20 * p) / 2;
}

double ref_elastic_inout(double p) {
    if (p == 0) return 0;
    if (p == 1) return 1;
    const double c5 = 2 * kPi / 4.5, s = std::sin((20 * p - 11.125) * c5);
    return p < 0.5 ? -std::exp2(20 * p - 10) * s / 2 : std::exp2(10 - 20 * p) * s / 2 + 1;
}

// CSS `ease` in double: bisection of x(t) = p to 2^-52, then y(t).
double ref_bezier_ease(double p) {
    auto coordinate = [](double t, double a, double b) {
        const double u = 1 - t;
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t;
    };
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; i++) {
        const double mid = 0.5 * (lo + hi);
        (coordinate(mid, 0.25, 0.25) < p ? lo : hi) = mid;
    }
    return coordinate(0.5 * (lo + hi), 0.1, 1.0);
}

double max_error(const float *in, const float *out, size_t n, double (*ref)(double)) {
    double worst = 0;
    for (size_t i = 0; i < n; i++)
        worst = std::max(worst, std::fabs(double(out[i]) - ref(double(in[i]))));
    return worst;
}

struct PeerOp {
    const char *operation;
    double (*ref)(double);
    bool spring;
    peer_ease_fn peer_table::*ease;
};

const PeerOp kPeerOps[] = {
    {"spring_under", ref_spring_under, true, nullptr},
    {"sine_inout", ref_sine_inout, false, &peer_table::sine_inout},
    {"expo_inout", ref_expo_inout, false, &peer_table::expo_inout},
    {"elastic_inout", ref_elastic_inout, false, &peer_table::elastic_inout},
    {"bezier_ease", ref_bezier_ease, false, &peer_table::bezier_ease},
};

struct SpringConstants {
    float lambda, omega, ratio;
};

SpringConstants spring_constants() {
    const double lambda = kZeta * kOmega0, omega = kOmega0 * std::sqrt(1 - kZeta * kZeta);
    return {float(lambda), float(omega), float(lambda / omega)};
}

ci_curve ours_curve(const PeerOp &op) {
    if (op.spring) return spring(kZeta);
    if (std::strcmp(op.operation, "sine_inout") == 0) return penner(CI_CURVE_SINE, CI_EASE_IN_OUT);
    if (std::strcmp(op.operation, "expo_inout") == 0) return penner(CI_CURVE_EXPO, CI_EASE_IN_OUT);
    if (std::strcmp(op.operation, "bezier_ease") == 0) return bezier_ease();
    return penner(CI_CURVE_ELASTIC, CI_EASE_IN_OUT);
}

void print_accuracy(const std::vector<ci_backend> &backends,
                    const std::vector<const peer_table *> &peers) {
    const size_t n = kAccuracyCount;
    std::fprintf(stderr, "max |error| vs double, %zu items (spring: x, easings: value)\n", n);
    std::fprintf(stderr, "%-16s", "");
    for (const PeerOp &op : kPeerOps) std::fprintf(stderr, " %14s", op.operation);
    std::fprintf(stderr, "\n");
    const SpringConstants k = spring_constants();
    for (ci_backend b : backends) {
        std::fprintf(stderr, "%-16s", ci_backend_name(b));
        for (const PeerOp &op : kPeerOps) {
            const ci_curve c = ours_curve(op);
            const float *in = op.spring ? g.time : g.progress;
            if (op.spring) check(ci_spring(b, &c, in, g.out, nullptr, n), "ci_spring");
            else check(ci_ease(b, &c, in, g.out, n), "ci_ease");
            std::fprintf(stderr, " %14.3g", max_error(in, g.out, n, op.ref));
        }
        std::fprintf(stderr, "\n");
    }
    for (const peer_table *p : peers) {
        std::fprintf(stderr, "%-16s", p->name);
        for (const PeerOp &op : kPeerOps) {
            const float *in = op.spring ? g.time : g.progress;
            if (!op.spring && !(p->*op.ease)) {
                std::fprintf(stderr, " %14s", "n/a");
                continue;
            }
            if (op.spring) p->spring_under(in, g.out, n, k.lambda, k.omega, k.ratio);
            else (p->*op.ease)(in, g.out, n);
            std::fprintf(stderr, " %14.3g", max_error(in, g.out, n, op.ref));
        }
        std::fprintf(stderr, "\n");
    }
    std::fprintf(stderr, "\n");
}

// ---- registration -------------------------------------------------------------

struct EaseOp {
    const char *operation;
    ci_curve curve;
};

void register_all(const std::vector<ci_backend> &backends,
                  const std::vector<const peer_table *> &peers) {
    const EaseOp eases[] = {
        {"linear", penner(CI_CURVE_LINEAR, CI_EASE_IN)},
        {"sine_inout", penner(CI_CURVE_SINE, CI_EASE_IN_OUT)},
        {"cubic_inout", penner(CI_CURVE_CUBIC, CI_EASE_IN_OUT)},
        {"expo_inout", penner(CI_CURVE_EXPO, CI_EASE_IN_OUT)},
        {"circ_inout", penner(CI_CURVE_CIRC, CI_EASE_IN_OUT)},
        {"back_inout", penner(CI_CURVE_BACK, CI_EASE_IN_OUT)},
        {"elastic_inout", penner(CI_CURVE_ELASTIC, CI_EASE_IN_OUT)},
        {"bounce_inout", penner(CI_CURVE_BOUNCE, CI_EASE_IN_OUT)},
        {"bezier_ease", bezier_ease()},
        {"bezier_ease_out", bezier_ease_out()},
        {"bezier_in_out_quint", bezier_in_out_quint()},
        {"steps", steps10()},
    };
    const SpringConstants k = spring_constants();

    auto add_peers = [&](const char *operation) {
        for (const peer_table *p : peers) {
            if (std::strcmp(operation, "spring_under") == 0) {
                add(operation, p->name, [p, k](size_t n) {
                    p->spring_under(g.time, g.out, n, k.lambda, k.omega, k.ratio);
                }, 8);
                continue;
            }
            for (const PeerOp &op : kPeerOps)
                if (std::strcmp(op.operation, operation) == 0) {
                    peer_ease_fn fn = p->*op.ease;
                    if (fn) add(operation, p->name, [fn](size_t n) { fn(g.progress, g.out, n); }, 8);
                }
        }
    };

    for (const EaseOp &e : eases) {
        for (ci_backend b : backends) {
            const ci_curve c = e.curve;
            check(ci_ease(b, &c, g.progress, g.out, 1024), std::string("ci_ease ") + e.operation);
            add(e.operation, ci_backend_name(b),
                [b, c](size_t n) { ci_ease(b, &c, g.progress, g.out, n); }, 8);
        }
        add_peers(e.operation);
    }

    const struct {
        const char *operation;
        double zeta;
    } springs[] = {{"spring_under", kZeta}, {"spring_critical", 1.0}, {"spring_over", 2.0}};
    for (const auto &s : springs) {
        for (ci_backend b : backends) {
            const ci_curve c = spring(s.zeta);
            check(ci_spring(b, &c, g.time, g.out, nullptr, 1024), "ci_spring");
            add(s.operation, ci_backend_name(b),
                [b, c](size_t n) { ci_spring(b, &c, g.time, g.out, nullptr, n); }, 8);
        }
        if (std::strcmp(s.operation, "spring_under") == 0) add_peers(s.operation);
    }

    // The staggered pass: at t = 1 s, item i waits 1.5 s * i / n, so the list holds
    // finished, running and waiting items; easings last 0.5 s.
    const struct {
        const char *suffix;
        ci_curve curve;
    } stagger_curves[] = {{"cubic", penner(CI_CURVE_CUBIC, CI_EASE_IN_OUT)},
                          {"spring", spring(kZeta)},
                          {"bezier", bezier_ease()}};
    for (const auto &sc : stagger_curves) {
        for (ci_backend b : backends) {
            const ci_curve c = sc.curve;
            // Every item's progress alone: the list source with no tracks, written to
            // the appearance buffer (delays 1.5 s / n apart).
            auto pass = [b, c](size_t n) {
                ci_list_delays list{};
                list.slope = 1.5 / double(n);
                list.max_delay = INFINITY;
                list.window_end = double(n);
                list.outside = CI_OUTSIDE_WINDOW_EDGE;
                ci_sample_request r{};
                r.time = 1.0;
                r.duration = 0.5;
                r.list = &list;
                r.to = 1.0f;
                return ci_sample(b, &c, &r, nullptr, 0, nullptr, g.out, nullptr, n);
            };
            check(pass(1024), "ci_sample (progress only)");
            add(std::string("stagger_progress_") + sc.suffix, ci_backend_name(b),
                [pass](size_t n) { pass(n); }, 4);
        }
    }
    for (const auto &sc : stagger_curves) {
        for (ci_backend b : backends) {
            const ci_curve c = sc.curve;
            auto pass = [b, c](size_t n) {
                ci_list_delays list{};
                list.slope = 1.5 / double(n);
                list.max_delay = INFINITY;
                list.window_start = 0;
                list.window_end = double(n);
                list.outside = CI_OUTSIDE_IMMEDIATE;
                ci_sample_request r{};
                r.time = 1.0;
                r.start = 0.0;
                r.duration = 0.5;
                r.list = &list;
                r.from = 0.0f;
                r.to = 1.0f;
                const ci_track tracks[3] = {{0.0f, 1.0f}, {-40.0f, 0.0f}, {0.5f, 1.0f}};
                return ci_sample(b, &c, &r, tracks, 3, g.tracks, nullptr, nullptr, n);
            };
            check(pass(1024), "ci_sample");
            add(std::string("sample_3tracks_") + sc.suffix, ci_backend_name(b),
                [pass](size_t n) { pass(n); }, 12);
        }
    }

    // Memory floors over the same bytes: store n floats (stagger_progress), store 3 x n
    // (sample_3tracks), copy n floats (every easing and spring pass: read + write).
    const bool avx2 = ci_backend_supported(CI_BACKEND_AVX2);
    const bool avx512 = ci_backend_supported(CI_BACKEND_AVX512);
    if (avx512) add("store", "avx512", [](size_t n) { floor_store_avx512(g.out, n, 0.5f); }, 4);
    if (avx2) add("store", "avx2", [](size_t n) { floor_store_avx2(g.out, n, 0.5f); }, 4);
    add("store", "memset", [](size_t n) { floor_store_memset(g.out, n, 0.5f); }, 4);
    if (avx512)
        add("store3", "avx512", [](size_t n) {
            for (float *t : g.tracks) floor_store_avx512(t, n, 0.5f);
        }, 12);
    if (avx2)
        add("store3", "avx2", [](size_t n) {
            for (float *t : g.tracks) floor_store_avx2(t, n, 0.5f);
        }, 12);
    if (avx512) add("copy", "avx512", [](size_t n) { floor_copy_avx512(g.time, g.out, n); }, 8);
    if (avx2) add("copy", "avx2", [](size_t n) { floor_copy_avx2(g.time, g.out, n); }, 8);
    add("copy", "memcpy", [](size_t n) { floor_copy_memcpy(g.time, g.out, n); }, 8);
}

}  // namespace

int main(int argc, char **argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

    fill_inputs();
    std::vector<ci_backend> backends;
    for (int b = 0; b < CI_BACKEND_COUNT; b++)
        if (ci_backend_supported(ci_backend(b))) backends.push_back(ci_backend(b));
    const peer_table *all_peers[] = {
        &peer_libm,       &peer_libmvec_avx2, &peer_libmvec_avx512,
        &peer_sleef_avx2, &peer_sleef_avx512,
#ifdef STAGGER_BENCH_HWY
        &peer_hwy_avx2,   &peer_hwy_avx512,
#endif
    };
    std::vector<const peer_table *> peers;
    for (const peer_table *p : all_peers)
        if (ci_backend_supported(ci_backend(p->needs_backend))) peers.push_back(p);

    std::fprintf(stderr, "backends:");
    for (ci_backend b : backends)
        std::fprintf(stderr, " %s%s", ci_backend_name(b), ci_backend_native(b) ? "" : "(emulated)");
    std::fprintf(stderr, "\npeers:");
    for (const peer_table *p : peers) std::fprintf(stderr, " %s(%d lanes)", p->name, p->lanes);
    std::fprintf(stderr, "\n\n");
    print_accuracy(backends, peers);

    register_all(backends, peers);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
