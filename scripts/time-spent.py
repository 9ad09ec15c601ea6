#!/usr/bin/env python3
"""Where each profile's wall time went, from its JSON results' `environment.timeSpent`, as a Markdown table.

Usage: scripts/time-spent.py RESULT.json [RESULT.json ...]

Columns, in seconds: the whole profile; calibration; the stage runs by purpose (ordinary, extra rounds, exposure
with its top-ups, re-measured runs, headroom); inside the runs' children, summed: start, first arrivals, warm-up,
the measured run (and of it, the arrival windows), the tight loop, finishing; the runs' launch and exit; the verdict; the parent's work between runs.
"""
import json
import sys


def row(path):
    result = json.load(open(path))
    t = result["environment"].get("timeSpent")
    if t is None:
        return f"| {result['workload']} | (no timeSpent: written before it was recorded) |"
    runs = t["runs"]

    def purpose(*names):
        return sum(runs.get(name, {}).get("seconds", 0) for name in names)

    def count(*names):
        return sum(runs.get(name, {}).get("count", 0) for name in names)

    child = t["inChildren"]
    arrivals = sum(
        (run.get("metrics") or {}).get("arrivalSeconds", 0)
        for stage in result["stages"]
        for run in stage["repetitions"] + (stage.get("exposureRuns") or [])
    )
    run_seconds = sum(r["seconds"] for r in runs.values())
    children = sum(child.values())
    launch = max(run_seconds - purpose("headroom") - children, 0)
    between = max(t["totalSeconds"] - t["calibrationSeconds"] - run_seconds - t["verdictSeconds"], 0)
    cells = [
        t["totalSeconds"], t["calibrationSeconds"], purpose("ordinary"), purpose("extra-round"),
        purpose("exposure", "top-up"), purpose("remeasure"), purpose("headroom"),
        child["start"], child["firstArrivals"], child["warmUp"], child["measured"], arrivals, child["tightLoop"],
        child["finish"], launch, t["verdictSeconds"], between,
    ]
    runs_text = f"{count('ordinary')}+{count('extra-round')}+{count('exposure', 'top-up')}+{count('remeasure')}"
    return f"| {result['workload']} | {runs_text} | " + " | ".join(f"{c:.1f}" for c in cells) + " |"


print(
    "| workload | runs (ord.+extra+exp.+again) | total | calibration | ordinary | extra rounds | exposure | "
    "again | headroom | child start | first arrivals | warm-up | measured | of it arrivals | tight loop | finish | launch+exit | "
    "verdict | between |"
)
print("|---|---|" + "--:|" * 17)
for path in sys.argv[1:]:
    print(row(path))
