#!/usr/bin/env python3
"""Public faces of Sonde's modules: per module, its public top-level types and who uses them.

A public type should be used from another package (the rule in docs/ARCHITECTURE.md). This
reports, per module, the top-level types of its main code, how many are public, and for each
public type whether main code of another package uses it, only test code of another package
does, or nothing outside its package does (then it can be package-private).

  scripts/public-faces.py              # one line per module: public/all, used outside, tests only, unused
  scripts/public-faces.py --list       # also name the public types not used from main code elsewhere
  scripts/public-faces.py --list sim   # only these modules

A use is the qualified name in code (an import, a static import or a fully qualified name);
comments and string literals are not looked at. Star imports are not allowed by the build, so
a type named in another package always shows up that way. A type reached without its name (the
result of a public method that another package calls methods on) is listed as unused but must stay
public: the compiler says so when it is made package-private. Tests of another package that use a
type as an API (a listener passed to a public method, a counter read from a public method) are
listed as "tests only"; the type stays public for them.
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODIFIERS = r"^[ \t]*((?:public|abstract|final|sealed|non-sealed|strictfp|static)\s+)*(class|interface|enum|record|@interface)\s+"
PACKAGE = re.compile(r"^package\s+([\w.]+)\s*;", re.M)
# block and line comments, and string/char literals (text blocks first), replaced by blanks
STRIP = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*[\s\S]*?\*/|//[^\n]*')


def code_of(text):
    """The text with comments and literals blanked out, offsets and lines kept."""
    return STRIP.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def modules():
    for pom in sorted(ROOT.glob("*/pom.xml")):
        if (pom.parent / "src/main/java").is_dir():
            yield pom.parent.name


def sources(module, kind):
    base = ROOT / module / "src" / kind / "java"
    return sorted(base.rglob("*.java")) if base.is_dir() else []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="name the public types not used from another package's main code")
    ap.add_argument("only", nargs="*", help="modules to report (default: all)")
    args = ap.parse_args()

    types = []  # (module, package, name, public)
    files = []  # (module, kind, package, code)
    for m in modules():
        for kind in ("main", "test"):
            for f in sources(m, kind):
                text = f.read_text(encoding="utf-8")
                pm = PACKAGE.search(text)
                pkg = pm.group(1) if pm else ""
                code = code_of(text)
                files.append((m, kind, pkg, code))
                if kind == "main" and f.name not in ("package-info.java", "module-info.java"):
                    # a nested type never has its outer type's name, so the first declaration of it is the top-level one
                    decl = re.search(MODIFIERS + f.stem + r"\b", code, re.M)
                    if decl is None:
                        sys.exit(f"{f}: no top-level type named {f.stem} at the start of a line")
                    public = re.match(r"\s*public\b", decl.group(0)) is not None
                    types.append((m, pkg, f.stem, public))

    # one pass over each file: every qualified name org.sonde.x.y.T in it
    qualified = re.compile(r"\borg\.sonde(?:\.\w+)+")
    uses = {}  # "pkg.Type" -> set of ("main"|"test", module, package of the user)
    for m, kind, pkg, code in files:
        for q in set(qualified.findall(re.sub(r"\s*\.\s*", ".", code))):
            parts = q.split(".")
            for i in range(3, len(parts) + 1):  # every prefix: org.sonde.x.T, org.sonde.x.T.Inner, ...
                uses.setdefault(".".join(parts[:i]), set()).add((kind, m, pkg))

    print(f"{'module':<10} {'public/all':>10} {'used outside':>13} {'tests only':>11} {'unused':>7}")
    for m in modules():
        if args.only and m not in args.only:
            continue
        mine = [t for t in types if t[0] == m]
        public = [t for t in mine if t[3]]
        outside, tests_only, unused = [], [], []
        for _, pkg, name, _ in public:
            users = {u for u in uses.get(f"{pkg}.{name}", ()) if u[2] != pkg}
            if any(k == "main" for k, _, _ in users):
                outside.append((pkg, name, users))
            elif users:
                tests_only.append((pkg, name, users))
            else:
                unused.append((pkg, name, users))
        print(f"{m:<10} {len(public):>4}/{len(mine):<5} {len(outside):>13} {len(tests_only):>11} {len(unused):>7}")
        if args.list:
            for pkg, name, users in tests_only:
                where = ", ".join(sorted(f"{mod}:{p}" for _, mod, p in users))
                print(f"    tests only  {pkg}.{name}  ({where})")
            for pkg, name, _ in unused:
                print(f"    unused      {pkg}.{name}")


if __name__ == "__main__":
    main()
