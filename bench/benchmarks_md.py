"""Writes one section of BENCHMARKS.md, between <!-- NAME:begin --> and <!-- NAME:end -->, leaving
the other sections as they are: each bench script owns its section."""
import os


def write_section(target, name, lines):
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    section = "\n".join([begin, *lines, end]) + "\n"
    text = open(target).read() if os.path.exists(target) else \
        "# Benchmarks\n\nEach section is written by the script it names; rerun it to refresh.\n\n"
    if begin in text:
        head, rest = text.split(begin, 1)
        tail = rest.split(end, 1)[1]
        # the old end marker's own line break goes; the spacing before the next section stays as it was
        text = head + section + (tail[1:] if tail.startswith("\n") else tail)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    open(target, "w").write(text)
    print(section)


def memory_gib():
    """The machine's physical memory, in GiB."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30


def same_violations(a, b):
    """Whether two lists of `sonde verify` violations name the same ones (type, subnet, switches), in any order."""
    key = lambda v: (v["type"], v["subnet"], tuple(v["switches"]))
    return sorted(map(key, a)) == sorted(map(key, b))
