#!/usr/bin/env python3
"""The one checker of what the README and the man pages show: their quoted outputs,
their simulation figures and every command they give as an example.

Outputs: a line  <!-- output: COMMAND -->  in README.md is followed (after an optional
blank line) by the block COMMAND prints: an indented code block (4 spaces) or a table,
up to the next blank line.
Figures: the lines between  <!-- figures: NAME -->  and  <!-- /figures -->  are what
`sh tools/figures.sh NAME` prints (simulations: about a minute for all).
Examples: every command line of README.md's indented code blocks that starts with
`railyard ` or `$ railyard ` (a trailing backslash continues it), and every literal
block of a man page's EXAMPLES section (commands, a pack or a template), runs as
written and must exit 0, or N where the line's comment says "(exit N". Synopsis
lines (an option in [brackets], a placeholder such as PACK.yaml or COMMAND) are not
examples, nor a figure's commands (--figures runs those), nor the railyard lines
of a block that runs other commands first (a script).

Every command runs with sh in a scratch folder that sees the checkout's packs/,
templates/, tests/ and tools/ (so files it writes go nowhere), with `railyard` being
$RAILYARD (default ./railyard) on PATH.

  python3 tools/readme.py               check the outputs; exit 1 with a diff if one differs
  python3 tools/readme.py --figures     check the figures as well (slow)
  python3 tools/readme.py --examples    run every example; exit 1 naming each that failed
  python3 tools/readme.py --update [--figures]   rewrite the blocks (make readme)
"""
import concurrent.futures, difflib, os, re, shlex, subprocess, sys, tempfile

MARK = re.compile(r'^<!-- output: (.*) -->$')
FIGURE = re.compile(r'^<!-- figures: ([a-z-]+) -->$')
PLACEHOLDERS = {'PACK', 'PACK.yaml', 'COMMAND', 'NAME', 'FILE', 'DIR', 'SPACE', 'N', 'S', 'T'}
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(lines):
    """(command, first, end, indent) for each output block: lines[first:end]."""
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


def figures(lines):
    """(command, first, end, '') for each figure: lines[first:end]."""
    for i, line in enumerate(lines):
        m = FIGURE.match(line)
        if not m:
            continue
        end = i + 1
        while end < len(lines) and lines[end] != '<!-- /figures -->':
            end += 1
        yield f'sh tools/figures.sh {m.group(1)}', i + 1, end, ''


def scratch_env(scratch):
    """Prepare scratch (railyard on PATH, the checkout's folders) and return the env."""
    bindir = os.path.join(scratch, 'bin')
    link = os.path.join(bindir, 'railyard')
    if not os.path.exists(link):
        os.makedirs(bindir, exist_ok=True)
        os.symlink(os.environ.get('RAILYARD', os.path.join(TOP, 'railyard')), link)
        for d in ('packs', 'templates', 'tests', 'tools'):
            os.symlink(os.path.join(TOP, d), os.path.join(scratch, d))
    return dict(os.environ, PATH=bindir + os.pathsep + os.environ.get('PATH', ''),
                RAILYARD=link)


def run(command, scratch):
    p = subprocess.run(['sh', '-c', command], cwd=scratch, env=scratch_env(scratch),
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.stderr.write(f'readme: `{command}` exited {p.returncode}:\n{p.stderr}')
    return p.stdout.rstrip('\n').split('\n')


def check_blocks(update, with_figures):
    path = os.path.join(TOP, 'README.md')
    lines = open(path, encoding='utf-8').read().split('\n')
    found = list(blocks(lines)) + (list(figures(lines)) if with_figures else [])
    stale = 0
    with tempfile.TemporaryDirectory(prefix='railyard-readme.') as scratch:
        # From the last block up, so rewriting one keeps the others' line numbers.
        for command, first, end, indent in sorted(found, key=lambda b: -b[1]):
            want = [indent + l if l else l for l in run(command, scratch)]
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


# ---- examples ----

def is_synopsis(command):
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return False
    return any(w.startswith('[') or w in PLACEHOLDERS for w in words)


def expected_status(text):
    m = re.search(r'#.*\(exit (\d)', text)
    return int(m.group(1)) if m else 0


def readme_examples():
    """(where, command, status) for each example command of README.md."""
    lines = open(os.path.join(TOP, 'README.md'), encoding='utf-8').read().split('\n')
    fenced = figure = script = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('```'):
            fenced = not fenced
        figure = (figure or FIGURE.match(line)) and line != '<!-- /figures -->'
        m = re.match(r'^    (?:\$ )?(railyard .*)$', line)
        # a block that runs other commands first is a script: its railyard lines
        # depend on them (parallel ...; railyard merge shards)
        if not line.startswith('    '):
            script = False
        elif not m and not line.strip().startswith('#') and line.strip():
            script = True
        if fenced or figure or script or not m:
            i += 1
            continue
        start, command = i, m.group(1)
        while command.rstrip().endswith('\\') and i + 1 < len(lines):
            i += 1
            command = command.rstrip()[:-1] + ' ' + lines[i].strip()
        if not is_synopsis(command):
            yield f'README.md:{start + 1}', command, expected_status(command)
        i += 1


def man_examples():
    """(where, command, status) for each literal block of each man page's EXAMPLES."""
    mandir = os.path.join(TOP, 'man')
    for name in sorted(os.listdir(mandir)):
        lines = open(os.path.join(mandir, name), encoding='utf-8').read().split('\n')
        section = None
        block = None
        for n, line in enumerate(lines, 1):
            if line.startswith('.Sh '):
                section = line[4:].strip()
            elif section == 'EXAMPLES' and line.startswith('.Bd -literal'):
                block, start = [], n
            elif block is not None and line == '.Ed':
                yield from man_block(f'man/{name}:{start}', block)
                block = None
            elif block is not None:
                block.append(line.replace('\\e', '\\').replace('\\&', '').replace('\\-', '-'))


def man_block(where, block):
    text = '\n'.join(block) + '\n'
    if block and block[0].startswith('railyard '):
        for command in text.replace('\\\n', ' ').splitlines():
            if command.strip():
                yield where, command, expected_status(command)
    elif re.search(r'^pack:', text, re.M):
        yield where, f"cat >example.yaml <<'EOF'\n{text}EOF\nrailyard check example.yaml", 0
    elif re.search(r'^elements:', text, re.M):
        pack = 'pack: template-example\ngame: trains\ncensus: 5\nabilities: [swap]\ncards: 10\n' \
               'face: example-face.yaml\n'
        yield where, (f"cat >example-face.yaml <<'EOF'\n{text}EOF\n"
                      f"cat >template-example.yaml <<'EOF'\n{pack}EOF\n"
                      'railyard build -q --only faces template-example.yaml'), 0


def run_example(example):
    where, command, want = example
    with tempfile.TemporaryDirectory(prefix='railyard-example.') as scratch:
        p = subprocess.run(['sh', '-c', command], cwd=scratch, env=scratch_env(scratch),
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
    return where, command, want, p.returncode, p.stderr


def check_examples():
    todo = list(readme_examples()) + list(man_examples())
    jobs = int(os.environ.get('JOBS', '2'))
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for where, command, want, got, err in pool.map(run_example, todo):
            if got == want:
                print(f'ok - {where}: {command.splitlines()[-1][:70]}')
                continue
            failed += 1
            print(f'not ok - {where}: exit {got}, expected {want}: {command.splitlines()[-1]}')
            sys.stderr.write(f'{where}: `{command}`\n' + ''.join(
                '  ' + l + '\n' for l in err.splitlines()[:8]))
    print(f'readme: {len(todo)} examples, {failed} failed', file=sys.stderr)
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    if '--examples' in args:
        return check_examples()
    return check_blocks('--update' in args, '--figures' in args)


if __name__ == '__main__':
    sys.exit(main())
