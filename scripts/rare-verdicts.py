#!/usr/bin/env python3
"""Profiles each rare-interaction and late-work scenario in Benchmarks/ over many seeds with the real engine, and prints the verdict
per seed and the wrong-verdict rate per scenario.

    swift build -c release --product stagehand
    swift build -c release --product StagehandTestWorkloads   # the scenarios only Swift can state
    python3 scripts/rare-verdicts.py [--seeds 1-10,100-109] [--scenario rare-stall] [--stagehand PATH]

A scenario is `Benchmarks/<name>.yaml`, or, where only Swift can state it (a cost drawn per call, a first call that
builds what it needs), the workload of that name in the StagehandTestWorkloads executable.

A verdict is right when its stage is the scenario's expected one (and, for the trap, its confidence says the
workload failed by itself). Each profile is the default one (3 s runs, each stage until the verdict no longer needs
its runs), so one scenario over 20 seeds takes about 10 to 30 minutes on 2 cores.
"""
import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Scenario → (expected recommendation.stage, expected confidence or None for any).
SCENARIOS = {
    "rare-stall": ("offloaded", None),  # a rare 140 ms decode on main that offloading fixes
    "rare-ui-hang": ("none", None),  # a rare 280 ms view rebuild, a hang in every stage
    "rare-light": ("main-only", None),  # a rare 10 ms summary, well under a frame
    "rare-trap": ("none", "failed"),  # a rare trap: the workload fails by itself
    "rare-pileup": ("main-only", None),  # six rare 160 ms actions that, at their rates, never meet
    # Work after a long wait (issue 44): what a run sees only if it follows each arrival to its end.
    "late-sync": ("offloaded", None),  # a 180 ms parse on main after a 1.8 s fetch, about once every 12 s
    "late-sync-120hz": ("offloaded", None),  # the same on a 120 Hz display
    "late-hang": ("offloaded", None),  # a 320 ms parse (a hang on main) after a 2.8 s fetch
    "late-poll": ("offloaded", None),  # a poll every 0.8 s whose answers take 5 s, each parsed for 60 ms
    "late-light": ("async", None),  # a 12 ms parse after a 1.5 s fetch: async is enough
    "late-trap": ("none", "failed"),  # a trap after a 2 s fetch: every stage crashes
    "late-ui-hang": ("none", None),  # a 280 ms view rebuild after a 3 s fetch: a hang in every stage
    "late-short": ("offloaded", None),  # a 100 ms parse on main after a 0.5 s fetch
    "late-long": ("offloaded", None),  # a 150 ms parse on main after a 4 s fetch
    # Only Swift can state these (StagehandTestWorkloads).
    "rare-tail": ("offloaded", None),  # a rare 20 ms decode that takes 300 ms one call in four
    "rare-cold": ("offloaded", None),  # a rare 5 ms layout whose first call in a process takes 300 ms more
}
SWIFT = {"rare-tail", "rare-cold"}


def seeds(text):
    result = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        result += list(range(int(low), int(high or low) + 1))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="1-10,100-109")
    parser.add_argument("--scenario", action="append", choices=sorted(SCENARIOS))
    parser.add_argument("--stagehand", default=str(ROOT / ".build/release/stagehand"))
    parser.add_argument("--workloads", default=str(ROOT / ".build/release/StagehandTestWorkloads"),
                        help="the executable with the scenarios only Swift can state")
    parser.add_argument("--extra", default="", help="more profile arguments, space-separated")
    parser.add_argument("--keep", help="a directory to keep each profile's JSON in, as <scenario>-<seed>.json")
    parser.add_argument("--hold", help="a file whose presence holds the next profile back until it is removed: the "
                        "machine can then be used between profiles without disturbing one")
    args = parser.parse_args()
    wrong_any = False
    print("| scenario | seed | verdict | confidence | right | seconds |")
    print("|---|--:|---|---|---|--:|")
    rates = []
    decided_wrong = 0
    for name in args.scenario or sorted(SCENARIOS):
        expected_stage, expected_confidence = SCENARIOS[name]
        wrong = 0
        chosen = seeds(args.seeds)
        for seed in chosen:
            while args.hold and Path(args.hold).exists():
                time.sleep(2)
            with tempfile.TemporaryDirectory() as out:
                started = time.monotonic()
                target = [args.workloads, "profile", name] if name in SWIFT else [
                    args.stagehand, "profile", str(ROOT / "Benchmarks" / f"{name}.yaml")]
                command = target + ["--seed", str(seed), "--quiet", "--output", out] + args.extra.split()
                ran = subprocess.run(command, capture_output=True, text=True)
                seconds = time.monotonic() - started
                if ran.returncode != 0:
                    print(f"| {name} | {seed} | exit {ran.returncode} | | no | {seconds:.0f} |", flush=True)
                    print(ran.stderr[-2000:], file=sys.stderr)
                    wrong += 1
                    continue
                result = Path(out) / f"{name}.json"
                recommendation = json.loads(result.read_text())["recommendation"]
                if args.keep:
                    Path(args.keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(result, Path(args.keep) / f"{name}-{seed}.json")
            right = recommendation["stage"] == expected_stage and (
                expected_confidence is None or recommendation["confidence"] == expected_confidence)
            wrong += 0 if right else 1
            decided_wrong += 0 if right or recommendation["confidence"] != "decided" else 1
            print(f"| {name} | {seed} | {recommendation['stage']} | {recommendation['confidence']} | "
                  f"{'yes' if right else '**no**'} | {seconds:.0f} |", flush=True)
        rates.append((name, wrong, len(chosen)))
        wrong_any = wrong_any or wrong > 0
    print()
    for name, wrong, count in rates:
        print(f"{name}: {wrong} wrong of {count} ({100 * wrong / count:.0f}%)")
    print(f"wrong and decided: {decided_wrong}")
    return 1 if wrong_any else 0


if __name__ == "__main__":
    sys.exit(main())
