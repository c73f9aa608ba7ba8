#!/usr/bin/env python3
"""Installs the promptc adapter into the Python environment that runs it.

    python3 integrations/cowagent/install.py              # write the .pth line, print where
    python3 integrations/cowagent/install.py --print      # only print the line
    python3 integrations/cowagent/install.py --uninstall  # remove the .pth file

Run it with the interpreter that runs CowAgent (the venv's python, or the
image's python3 in a Dockerfile). It writes one file, promptc_cowagent.pth,
into that interpreter's site-packages (sysconfig's "purelib"), holding one
line: it puts this directory on sys.path and calls
promptc_cowagent.install(). Python runs that line at every start, before
CowAgent's app.py, so the adapter is in place before the first Agent is
built; CowAgent's files are not touched and survive upgrades.
"""

import argparse
import os
import sys
import sysconfig

PTH_NAME = "promptc_cowagent.pth"


def pth_line(adapter_dir):
    """The one line of the .pth file for an adapter at adapter_dir."""
    return (f"import sys; sys.path.append({adapter_dir!r}); "
            "import promptc_cowagent; promptc_cowagent.install()\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--print", action="store_true", help="print the line instead of writing it")
    ap.add_argument("--uninstall", action="store_true", help="remove the .pth file")
    ap.add_argument("--site", default=sysconfig.get_paths()["purelib"],
                    help="site-packages directory (default: this interpreter's, %(default)s)")
    args = ap.parse_args(argv)
    line = pth_line(os.path.dirname(os.path.abspath(__file__)))
    target = os.path.join(args.site, PTH_NAME)
    if args.print:
        sys.stdout.write(line)
        return 0
    if args.uninstall:
        if os.path.exists(target):
            os.remove(target)
            print(f"removed {target}")
        else:
            print(f"not installed: {target} does not exist")
        return 0
    os.makedirs(args.site, exist_ok=True)
    with open(target, "w", encoding="utf-8") as f:
        f.write(line)
    print(f"wrote {target}:\n{line}", end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
