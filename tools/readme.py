#!/usr/bin/env python3
"""README blocks that quote railyard's output, kept true by running their command.

A line  <!-- output: COMMAND -->  in README.md is followed (after an optional blank
line) by the block COMMAND prints: an indented code block (4 spaces) or a table, up
to the next blank line. COMMAND runs with sh in a scratch folder that sees the
checkout's packs/, templates/ and tests/ (so files it writes go nowhere), with
`railyard` being $RAILYARD (default ./railyard).

  python3 tools/readme.py            check every block; exit 1 with a diff if one differs
  python3 tools/readme.py --update   rewrite the blocks from their commands (make readme)
"""
import difflib, os, re, subprocess, sys, tempfile

MARK = re.compile(r'^<!-- output: (.*) -->$')


def blocks(lines):
    """(command, first, end, indent) for each marked block: lines[first:end]."""
    for i, line in enumerate(lines):
        m = MARK.match(line)
        if not m:
            continue
        first = i + 1
        if first < len(lines) and lines[first].strip() == '':
            first += 1
        end = first
        while end < len(lines) and lines[end].strip() != '':
            end += 1
        indent = '    ' if first < len(lines) and lines[first].startswith('    ') else ''
        yield m.group(1), first, end, indent


def run(command, top, scratch):
    bindir = os.path.join(scratch, 'bin')
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, 'railyard')
    if not os.path.exists(link):
        os.symlink(os.environ.get('RAILYARD', os.path.join(top, 'railyard')), link)
        for d in ('packs', 'templates', 'tests', 'tools'):
            os.symlink(os.path.join(top, d), os.path.join(scratch, d))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get('PATH', ''))
    p = subprocess.run(['sh', '-c', command], cwd=scratch, env=env, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.stderr.write(f'readme: `{command}` exited {p.returncode}:\n{p.stderr}')
    return p.stdout.rstrip('\n').split('\n')


def main():
    update = '--update' in sys.argv[1:]
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(top, 'README.md')
    lines = open(path, encoding='utf-8').read().split('\n')
    stale = 0
    with tempfile.TemporaryDirectory(prefix='railyard-readme.') as scratch:
        # From the last block up, so rewriting one keeps the others' line numbers.
        for command, first, end, indent in reversed(list(blocks(lines))):
            want = [indent + l if l else l for l in run(command, top, scratch)]
            if lines[first:end] == want:
                continue
            stale += 1
            if update:
                lines[first:end] = want
            else:
                sys.stdout.writelines(difflib.unified_diff(
                    [l + '\n' for l in lines[first:end]], [l + '\n' for l in want],
                    f'README.md:{first + 1} (as written)', f'`{command}`'))
    if update and stale:
        open(path, 'w', encoding='utf-8').write('\n'.join(lines))
    sys.stdout.flush()
    print(f'readme: {stale} stale block(s)' + (' rewritten' if update and stale else ''),
          file=sys.stderr)
    return 0 if update or not stale else 1


if __name__ == '__main__':
    sys.exit(main())
