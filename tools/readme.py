#!/usr/bin/env python3
"""The one checker of what the documentation shows: the quoted outputs, the simulation
figures and every command given as an example, in README.md, in every page docs/*.md
(the pages) and in the man pages.

Outputs: a line  <!-- output: COMMAND -->  in a page is followed (after an optional
blank line) by the block COMMAND prints: an indented code block (4 spaces) or a table,
up to the next blank line.
Figures: the lines between  <!-- figures: NAME -->  and  <!-- /figures -->  are what
`sh tools/figures.sh NAME` prints (simulations: about a minute for all).
Examples: every command line of a page's indented code blocks that starts with
`railyard ` or `$ railyard ` (a trailing backslash continues it), and every literal
block of a man page's EXAMPLES section (commands, a pack or a template), runs as
written and must exit 0, or N where the line's comment says "(exit N". Synopsis
lines (an option in [brackets], a placeholder such as PACK.yaml or COMMAND) are not
examples, nor a figure's commands (--figures runs those), nor the railyard lines
of a block that runs other commands first (a script). A block after the line
<!-- script: NAME -->  is a script that runs whole, other commands included, as one
`sh -e` (the README's first design).

Each page's (and each man page's) examples run top to bottom, in order, in one scratch
folder of their own, as a reader following the page would run them; the pages run side
by side (JOBS, default 2). A scratch folder sees the checkout's packs/, templates/,
tests/ and tools/ (so files it writes go nowhere), with `railyard` being $RAILYARD
(default ./railyard) on PATH. Outputs and figures run in one scratch folder.

  python3 tools/readme.py               check the outputs; exit 1 with a diff if one differs
  python3 tools/readme.py --figures     check the figures as well (slow)
  python3 tools/readme.py --examples    run every example; exit 1 naming each that failed
  python3 tools/readme.py --update [--figures]   rewrite the blocks (make readme)
  python3 tools/readme.py --pages       each page and man page with its count of examples
"""
import concurrent.futures, difflib, os, re, shlex, subprocess, sys, tempfile

MARK = re.compile(r'^<!-- output: (.*) -->$')
FIGURE = re.compile(r'^<!-- figures: ([a-z-]+) -->$')
SCRIPT = re.compile(r'^<!-- script: ([a-z0-9-]+) -->$')
PLACEHOLDERS = {'PACK', 'PACK.yaml', 'COMMAND', 'NAME', 'FILE', 'DIR', 'SPACE', 'N', 'S', 'T'}
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pages():
    """The documentation pages, as paths from the top: README.md, then docs/*.md."""
    docs = os.path.join(TOP, 'docs')
    return ['README.md'] + sorted(f'docs/{n}' for n in os.listdir(docs) if n.endswith('.md'))


def read_lines(page):
    return open(os.path.join(TOP, page), encoding='utf-8').read().split('\n')


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


def check_page(page, update, with_figures, scratch):
    """Check (or rewrite) one page's outputs and figures; return how many were stale."""
    lines = read_lines(page)
    found = list(blocks(lines)) + (list(figures(lines)) if with_figures else [])
    stale = 0
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
                f'{page}:{first + 1} (as written)', f'`{command}`'))
    if update and stale:
        open(os.path.join(TOP, page), 'w', encoding='utf-8').write('\n'.join(lines))
    return stale


def check_blocks(update, with_figures):
    stale = 0
    with tempfile.TemporaryDirectory(prefix='railyard-readme.') as scratch:
        for page in pages():
            stale += check_page(page, update, with_figures, scratch)
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


def script_block(lines, i):
    """The indented code block after the marker at lines[i], as (script, next index)."""
    i += 1
    if i < len(lines) and lines[i].strip() == '':
        i += 1
    body = []
    while i < len(lines) and lines[i].startswith('    '):
        body.append(lines[i][4:])
        i += 1
    return 'set -e\n' + '\n'.join(body) + '\n', i


def page_examples(page):
    """(where, command, status) for each example of a page, in the page's order."""
    lines = read_lines(page)
    fenced = figure = script = False
    i = 0
    while i < len(lines):
        line = lines[i]
        marker = SCRIPT.match(line)
        if marker and not fenced:
            where = f'{page}:{i + 1} (script {marker.group(1)})'
            body, i = script_block(lines, i)
            yield where, body, 0
            continue
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
            yield f'{page}:{start + 1}', command, expected_status(command)
        i += 1


def man_pages():
    return sorted(f'man/{n}' for n in os.listdir(os.path.join(TOP, 'man')))


def man_examples(page):
    """(where, command, status) for each literal block of a man page's EXAMPLES."""
    section = None
    block = None
    for n, line in enumerate(read_lines(page), 1):
        if line.startswith('.Sh '):
            section = line[4:].strip()
        elif section == 'EXAMPLES' and line.startswith('.Bd -literal'):
            block, start = [], n
        elif block is not None and line == '.Ed':
            yield from man_block(f'{page}:{start}', block)
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
        yield where, f"cat >example.yaml <<'EOF'\n{text}EOF\nrailyard check --strict example.yaml", 0
    elif re.search(r'^elements:', text, re.M):
        pack = 'pack: template-example\ngame: trains\ncensus: 5\nabilities: [swap]\ncards: 10\n' \
               'face: example-face.yaml\n'
        yield where, (f"cat >example-face.yaml <<'EOF'\n{text}EOF\n"
                      f"cat >template-example.yaml <<'EOF'\n{pack}EOF\n"
                      'railyard build -q --strict --only faces template-example.yaml'), 0


def run_page(examples):
    """Run one page's examples in order in one fresh scratch folder."""
    results = []
    with tempfile.TemporaryDirectory(prefix='railyard-example.') as scratch:
        for where, command, want in examples:
            p = subprocess.run(['sh', '-c', command], cwd=scratch, env=scratch_env(scratch),
                               stdin=subprocess.DEVNULL, capture_output=True, text=True)
            results.append((where, command, want, p.returncode, p.stderr))
    return results


def check_examples():
    todo = [list(page_examples(p)) for p in pages()] + \
        [list(man_examples(p)) for p in man_pages()]
    jobs = int(os.environ.get('JOBS', '2'))
    failed = total = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        # the slowest page first (tune races weigh most), so it does not start last
        order = sorted(range(len(todo)), key=lambda k: -sum(
            30 if re.search(r'\btune\b', c) else 3 if 'simulate' in c else 1
            for _, c, _ in todo[k]))
        done = dict(zip(order, pool.map(run_page, [todo[k] for k in order])))
    for k in range(len(todo)):
        for where, command, want, got, err in done[k]:
            total += 1
            if got == want:
                print(f'ok - {where}: {command.splitlines()[-1][:70]}')
                continue
            failed += 1
            print(f'not ok - {where}: exit {got}, expected {want}: {command.splitlines()[-1]}')
            sys.stderr.write(f'{where}: `{command}`\n' + ''.join(
                '  ' + l + '\n' for l in err.splitlines()[:8]))
    print(f'readme: {total} examples, {failed} failed', file=sys.stderr)
    return 1 if failed else 0


def main():
    args = sys.argv[1:]
    if '--examples' in args:
        return check_examples()
    if '--pages' in args:
        for p in pages():
            print(p, len(list(page_examples(p))))
        for p in man_pages():
            print(p, len(list(man_examples(p))))
        return 0
    return check_blocks('--update' in args, '--figures' in args)


if __name__ == '__main__':
    sys.exit(main())
