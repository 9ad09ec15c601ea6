#!/usr/bin/env python3
"""Checks that the folders of each target depend on each other one way.

A type-name reading, as the architecture issue defines it: for each top-level folder, the types its files declare
(top-level struct, class, enum, actor, protocol, typealias); an edge A -> B wherever a file in A names a
type declared in B. Comments and string literals are not read, nor a name that the file itself declares as a nested
type (`TypeIndex.Declaration` in a file of one folder is not `Declaration` of another). A name declared in more than
one folder is ambiguous and left out (listed with --verbose). Prints each graph and exits 1 if one has a cycle.

Usage: scripts/folder-graph.py [--verbose] [ROOT]   (ROOT defaults to every target under Sources/ with folders)
"""
import os
import re
import sys

# Top-level declarations only: a nested type is named through its outer type, which is what the edge is about. A
# private or fileprivate type cannot be named outside its file, so it is no folder's to lend.
DECLARATION = re.compile(
    r"^(?:@[A-Za-z_]+(?:\([^)]*\))?\s+|(?:public|package|internal|final|indirect)\s+)*"
    r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)",
    re.MULTILINE,
)
IDENTIFIER = re.compile(r"\b[A-Z][A-Za-z0-9_]*\b")
# A type declared inside another, at any depth: the file's own name for it.
NESTED = re.compile(
    r"^[ \t]+(?:@[A-Za-z_]+(?:\([^)]*\))?\s+|(?:public|package|internal|private|fileprivate|final|indirect)\s+)*"
    r"(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def strip_comments_and_strings(text):
    """Removes //, /* */ comments and string literals (single-line, multi-line and raw) from Swift source."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            i = n if j < 0 else j + 3
            out.append('""')
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            # Interpolations may name types; they are rare enough in this code base to be left out.
            i = j + 1
            out.append('""')
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def folder_of(root, path):
    relative = os.path.relpath(path, root)
    parts = relative.split(os.sep)
    return parts[0] if len(parts) > 1 else "."


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in sys.argv
    if args:
        return check(args[0], verbose)
    # Every target with folders of its own.
    roots = sorted(
        os.path.join("Sources", name) for name in os.listdir("Sources") if has_swift_folders(os.path.join("Sources", name))
    )
    failed = 0
    for root in roots:
        print(f"## {root}")
        failed |= check(root, verbose)
    return failed


def has_swift_folders(target):
    """Whether `target` is a directory with a subfolder holding Swift sources."""
    if not os.path.isdir(target):
        return False
    for sub in os.listdir(target):
        folder = os.path.join(target, sub)
        if os.path.isdir(folder) and any(name.endswith(".swift") for _, _, files in os.walk(folder) for name in files):
            return True
    return False


def check(root, verbose):
    """Prints the folder graph of `root` and returns 1 if it has a cycle, else 0."""
    sources = {}
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as f:
                    sources[path] = strip_comments_and_strings(f.read())

    declared_in = {}
    for path, text in sources.items():
        for name in DECLARATION.findall(text):
            declared_in.setdefault(name, set()).add(folder_of(root, path))
    ambiguous = {name for name, folders in declared_in.items() if len(folders) > 1}
    owner = {name: next(iter(folders)) for name, folders in declared_in.items() if name not in ambiguous}

    edges = {}
    for path, text in sources.items():
        source_folder = folder_of(root, path)
        for name in set(IDENTIFIER.findall(text)) - set(NESTED.findall(text)):
            target = owner.get(name)
            if target and target != source_folder:
                edges.setdefault((source_folder, target), set()).add((os.path.relpath(path, root), name))

    folders = sorted({folder_of(root, p) for p in sources})
    graph = {f: sorted({b for (a, b) in edges if a == f}) for f in folders}
    for folder in folders:
        print(f"{folder} -> {', '.join(graph[folder]) or '(nothing)'}")
        if verbose:
            for target in graph[folder]:
                for path, name in sorted(edges[(folder, target)]):
                    print(f"    {target}: {path} names {name}")
    if verbose and ambiguous:
        print("ambiguous (declared in several folders, not counted):", ", ".join(sorted(ambiguous)))

    # Depth-first search for a cycle; print one if found.
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == "open":
                cycle = stack[stack.index(nxt):] + [nxt]
                return cycle
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for folder in folders:
        if folder not in state:
            cycle = visit(folder)
            if cycle:
                print("cycle: " + " -> ".join(cycle), file=sys.stderr)
                for a, b in zip(cycle, cycle[1:]):
                    for path, name in sorted(edges[(a, b)])[:3]:
                        print(f"    {a} -> {b}: {path} names {name}", file=sys.stderr)
                return 1
    print("no cycle between folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
