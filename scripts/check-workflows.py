#!/usr/bin/env python3
"""Checks the GitHub Actions workflows before they reach GitHub: each file parses as YAML and has the shape Actions
needs (a trigger, jobs, each with `runs-on` and steps that each `run` or `uses` something), and every action is
pinned to a full commit, so a moved tag cannot change what CI runs.

Usage: scripts/check-workflows.py [DIR]   (DIR defaults to .github/workflows)
"""
import glob
import os
import re
import sys

try:
    import yaml
except ImportError:
    sys.exit("scripts/check-workflows.py needs PyYAML: python3 -m pip install pyyaml")

PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")


def problems(path):
    with open(path, encoding="utf-8") as f:
        try:
            workflow = yaml.safe_load(f)
        except yaml.YAMLError as error:
            return [f"not YAML: {error}"]
    if not isinstance(workflow, dict):
        return ["not a mapping"]
    found = []
    # YAML 1.1 reads a bare `on` key as true.
    if "on" not in workflow and True not in workflow:
        found.append("no `on:` trigger")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return found + ["no jobs"]
    for name, job in jobs.items():
        if not isinstance(job, dict) or "runs-on" not in job:
            found.append(f"job {name}: no runs-on")
            continue
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            found.append(f"job {name}: no steps")
            continue
        for index, step in enumerate(steps):
            if not isinstance(step, dict) or ("run" in step) == ("uses" in step):
                found.append(f"job {name}, step {index + 1}: needs exactly one of run and uses")
            elif "uses" in step and not PINNED.match(str(step["uses"])):
                found.append(f"job {name}, step {index + 1}: {step['uses']} is not pinned to a full commit")
    return found


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else ".github/workflows"
    paths = sorted(glob.glob(os.path.join(directory, "*.yml")) + glob.glob(os.path.join(directory, "*.yaml")))
    if not paths:
        sys.exit(f"no workflows in {directory}")
    failed = False
    for path in paths:
        found = problems(path)
        for problem in found:
            print(f"{path}: {problem}", file=sys.stderr)
        failed = failed or bool(found)
        if not found:
            print(f"{path}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
