#!/usr/bin/env python3
"""The run-to-run spread of the budget metrics, from real profiles: the verdict's noise model and the simulation's.

Reads `stagehand profile` result files (JSON), groups the ok runs of each stage, and fits the two budget metrics'
run-to-run standard deviation as a function of their mean (docs/METRICS.md, "How a verdict is decided"):

  hitch-time ratio   σ² = g · P · μ / D + (c · μ)²   a hitch adds whole refresh intervals P to a run of D seconds, so
                                                     near the budget the ratio counts hitches (Poisson); far above
                                                     it, it is a share of the run that drifts with the machine
  input latency p99  σ² = a² + (c · μ)²

Prints the fitted constants (they go into Advisor/NoiseModel.swift) and, with --residuals FILE, writes every run's
standardized residual, (x − x̄) / σ(x̄) · √(n / (n − 1)), for the verdict simulation (VerdictSimulationTests) to draw
per-run figures from.

  python3 scripts/noise-floor.py Reports-spread/*.json --residuals Tests/StagehandKitTests/Fixtures/run-spread.json
"""

import argparse
import json
import math
import statistics


INPUT_FIT_FROM_MS = 10.0


def groups(paths):
    """(workload, stage, P ms, D s, hitch values, input p99 values) for every stage with 3 or more ok runs."""
    for path in paths:
        with open(path) as f:
            result = json.load(f)
        spec = result["spec"]
        budget_ms = 1000.0 / spec.get("refreshHz", 60)
        for stage in result["stages"]:
            runs = [r["metrics"] for r in stage["repetitions"] if r.get("status") == "ok" and r.get("metrics")]
            if len(runs) < 3:
                continue
            seconds = statistics.mean(r["arrivalSeconds"] for r in runs)
            yield (
                result["workload"],
                stage["stage"],
                budget_ms,
                seconds,
                [r["hitchTimeRatioMsPerS"] for r in runs],
                [r["inputLatencyMs"]["p99"] for r in runs],
            )


def fit(rows):
    """Non-negative (u, v) maximising the normal likelihood of the sample variances: rows (n, p, q, s²) with the
    model σ² = u·p + v·q, minimising Σ (n − 1)·(s² / σ² + ln σ²) over a log grid, refined twice."""

    def cost(u, v):
        total = 0.0
        for n, p, q, s2 in rows:
            model = u * p + v * q
            if model <= 0:
                return math.inf
            total += (n - 1) * (s2 / model + math.log(model))
        return total

    grid = [0.0] + [10 ** (k / 8) for k in range(-64, 33)]
    best = min(((cost(u, v), u, v) for u in grid for v in grid))
    for _ in range(2):
        _, u0, v0 = best
        us = [u0 * (1 + k / 20) for k in range(-10, 11)] if u0 > 0 else [0.0]
        vs = [v0 * (1 + k / 20) for k in range(-10, 11)] if v0 > 0 else [0.0]
        best = min(best, min((cost(u, v), u, v) for u in us for v in vs))
    return best[1], best[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="+")
    parser.add_argument("--residuals")
    args = parser.parse_args()
    data = list(groups(args.results))

    # Variance rows: each stage's sample variance against the model's terms at its mean, fitted by likelihood
    # so that no one stage's large spread decides the fit.
    hitch_rows = [(len(h), budget * statistics.mean(h) / seconds, statistics.mean(h) ** 2, statistics.variance(h))
                  for _, _, budget, seconds, h, _ in data if statistics.mean(h) > 0]
    # Input latency is fitted where it is within reach of its 100 ms limit: a p99 of a millisecond or two is the
    # scheduler's jitter, a larger share of itself than any p99 near the limit.
    input_rows = [(len(p), 1.0, statistics.mean(p) ** 2, statistics.variance(p))
                  for *_, p in data if statistics.mean(p) >= INPUT_FIT_FROM_MS]
    g, c2 = fit(hitch_rows)
    a2, ci2 = fit(input_rows)

    def hitch_sd(mean, budget, seconds):
        return math.sqrt(g * budget * mean / seconds + c2 * mean * mean)

    def input_sd(mean):
        return math.sqrt(a2 + ci2 * mean * mean)

    residuals = {"hitchTimeRatio": [], "inputLatencyP99": []}
    print(f"{'workload':<18} {'stage':<16} {'n':>2} {'hitch mean':>10} {'sd':>7} {'model':>7}  "
          f"{'input p99':>9} {'sd':>7} {'model':>7}")
    for workload, stage, budget, seconds, hitch, inputs in data:
        n = len(hitch)
        correction = math.sqrt(n / (n - 1))
        for name, values, sd in (
            ("hitchTimeRatio", hitch, hitch_sd(statistics.mean(hitch), budget, seconds)),
            ("inputLatencyP99", inputs, input_sd(statistics.mean(inputs))),
        ):
            fitted = name == "hitchTimeRatio" or statistics.mean(values) >= INPUT_FIT_FROM_MS
            if fitted and sd > 0 and statistics.pstdev(values) > 0:
                mean = statistics.mean(values)
                residuals[name] += [round((x - mean) / sd * correction, 4) for x in values]
        print(f"{workload:<18} {stage:<16} {n:>2} {statistics.mean(hitch):>10.2f} {statistics.stdev(hitch):>7.2f} "
              f"{hitch_sd(statistics.mean(hitch), budget, seconds):>7.2f}  {statistics.mean(inputs):>9.2f} "
              f"{statistics.stdev(inputs):>7.2f} {input_sd(statistics.mean(inputs)):>7.2f}")
    print()
    print(f"hitch-time ratio:  g = {g:.3f}, c = {math.sqrt(c2):.4f}")
    print(f"input latency p99: a = {math.sqrt(a2):.3f} ms, c = {math.sqrt(ci2):.4f}")
    for name, values in residuals.items():
        if values:
            print(f"{name}: {len(values)} residuals, sd {statistics.pstdev(values):.3f}, "
                  f"min {min(values):.2f}, max {max(values):.2f}")
    if args.residuals:
        with open(args.residuals, "w") as f:
            json.dump({
                "source": sorted({f"{w} {s}" for w, s, *_ in data}),
                "hitchTimeRatio": residuals["hitchTimeRatio"],
                "inputLatencyP99": residuals["inputLatencyP99"],
            }, f, indent=0)
            f.write("\n")


if __name__ == "__main__":
    main()
