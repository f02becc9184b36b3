/* live_page.c: railyard serve's page: a static HTML shell, a script that draws
 * the state (state.json) and follows the event stream, one style sheet, and
 * the source view. Everything from the pack reaches the page as text (the
 * script sets textContent, never HTML; the source view escapes it). */
#include "live_page.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

#define SOURCE_MAX (4u << 20)

const char live_page_html[] =
	"<!DOCTYPE html>\n"
	"<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	"<title>railyard serve</title>\n"
	"<link rel=\"stylesheet\" href=\"style.css\">\n"
	"<script src=\"app.js\" defer></script>\n"
	"</head>\n<body>\n"
	"<header id=\"top\">\n"
	"  <div class=\"brand\"><span class=\"logo\">railyard</span> <span id=\"pack\">loading</span></div>\n"
	"  <div id=\"verdict\" class=\"verdict unknown\">checking</div>\n"
	"  <div id=\"counts\" class=\"counts\"></div>\n"
	"  <div id=\"live\" class=\"live off\" title=\"live updates\"><span class=\"dot\"></span>"
	"<span id=\"live-text\">connecting</span></div>\n"
	"</header>\n"
	"<main>\n"
	"  <section id=\"problems\" class=\"panel\" hidden>\n"
	"    <h2>Messages</h2>\n    <ol id=\"messages\"></ol>\n  </section>\n"
	"  <details id=\"report-box\" class=\"panel\">\n"
	"    <summary>The check's report</summary>\n    <pre id=\"report\"></pre>\n  </details>\n"
	"  <div id=\"parts\"></div>\n"
	"</main>\n"
	"<footer>Pictures redraw when the pack, a template or a data file is saved. "
	"Each item is shown at its printed size on a 96 dpi screen, trimmed.</footer>\n"
	"</body>\n</html>\n";

const char live_page_js[] =
	"'use strict';\n"
	"let shown = -1;\n"
	"function el(tag, cls, text) {\n"
	"  const e = document.createElement(tag);\n"
	"  if (cls) e.className = cls;\n"
	"  if (text !== undefined && text !== null) e.textContent = text;\n"
	"  return e;\n"
	"}\n"
	"const verdicts = {sound: 'Sound', broken: 'Rules broken', invalid: 'Does not load', unknown: 'Checking'};\n"
	"function where(m) {\n"
	"  if (!m.file) return '';\n"
	"  return m.line ? m.file + ':' + m.line + ':' + m.col : m.file;\n"
	"}\n"
	"function drawHeader(s) {\n"
	"  document.getElementById('pack').textContent = s.pack;\n"
	"  document.title = s.pack + ' \\u2014 railyard serve';\n"
	"  const v = document.getElementById('verdict');\n"
	"  v.className = 'verdict ' + s.verdict;\n"
	"  v.textContent = verdicts[s.verdict] || s.verdict;\n"
	"  const c = document.getElementById('counts');\n"
	"  c.textContent = '';\n"
	"  c.append(el('span', s.errors ? 'count error' : 'count', s.errors + (s.errors === 1 ? ' error' : ' errors')));\n"
	"  c.append(el('span', s.warnings ? 'count warning' : 'count',\n"
	"    s.warnings + (s.warnings === 1 ? ' warning' : ' warnings')));\n"
	"  document.getElementById('report').textContent = s.report || '';\n"
	"  document.body.dataset.generation = s.generation;\n"
	"  document.body.dataset.verdict = s.verdict;\n"
	"}\n"
	"function drawMessages(s) {\n"
	"  const list = document.getElementById('messages');\n"
	"  list.textContent = '';\n"
	"  for (const m of s.messages) {\n"
	"    const li = el('li', 'msg ' + m.severity);\n"
	"    li.append(el('span', 'sev', m.severity));\n"
	"    const at = where(m);\n"
	"    if (at && m.source >= 0) {\n"
	"      const a = el('a', 'where', at);\n"
	"      a.href = 'src/' + m.source + (m.line ? '#L' + m.line : '');\n"
	"      a.target = '_blank';\n"
	"      a.rel = 'noopener noreferrer';\n"
	"      li.append(a);\n"
	"    } else if (at) {\n"
	"      li.append(el('span', 'where', at));\n"
	"    }\n"
	"    li.append(el('span', 'text', m.text));\n"
	"    list.append(li);\n"
	"  }\n"
	"  document.getElementById('problems').hidden = s.messages.length === 0;\n"
	"}\n"
	"function drawPart(p, old) {\n"
	"  const sec = old || el('section', 'part');\n"
	"  sec.id = 'part-' + p.name;\n"
	"  let head = sec.querySelector('h2'), grid = sec.querySelector('.grid'), note = sec.querySelector('.stale');\n"
	"  if (!head) {\n"
	"    head = el('h2');\n"
	"    note = el('p', 'stale', 'The last build of this part failed: these are the last good pictures. '\n"
	"      + 'See the messages above.');\n"
	"    grid = el('div', 'grid ' + p.name);\n"
	"    sec.append(head, note, grid);\n"
	"  }\n"
	"  head.textContent = '';\n"
	"  const n = p.items.length + p.more;\n"
	"  head.append(el('span', '', p.title), el('span', 'meta', n + (n === 1 ? ' item' : ' items')\n"
	"    + (p.more ? ' (the first ' + p.items.length + ' shown)' : '') + ' \\u00b7 ' + p.seconds.toFixed(2) + ' s'));\n"
	"  note.hidden = !p.stale;\n"
	"  sec.classList.toggle('is-stale', p.stale);\n"
	"  while (grid.children.length > p.items.length) grid.lastChild.remove();\n"
	"  p.items.forEach((it, i) => {\n"
	"    let fig = grid.children[i];\n"
	"    if (!fig) {\n"
	"      fig = el('figure', 'item');\n"
	"      fig.append(el('img'), el('figcaption'));\n"
	"      grid.append(fig);\n"
	"    }\n"
	"    const img = fig.firstChild;\n"
	"    if (img.getAttribute('src') !== it.src) img.setAttribute('src', it.src);\n"
	"    img.width = Math.round(it.w / 2);\n"
	"    img.height = Math.round(it.h / 2);\n"
	"    img.alt = (it.label || it.file) + '';\n"
	"    fig.lastChild.textContent = it.label ? it.label : it.file.replace(/\\.pdf$/, '') + ' ' + (i + 1);\n"
	"  });\n"
	"  return sec;\n"
	"}\n"
	"function drawParts(s) {\n"
	"  const box = document.getElementById('parts');\n"
	"  const keep = new Set(s.parts.map(p => 'part-' + p.name));\n"
	"  for (const sec of [...box.children]) if (!keep.has(sec.id)) sec.remove();\n"
	"  for (const p of s.parts) box.append(drawPart(p, document.getElementById('part-' + p.name)));\n"
	"}\n"
	"async function refresh() {\n"
	"  const r = await fetch('state.json', {cache: 'no-store'});\n"
	"  if (!r.ok) return;\n"
	"  const s = await r.json();\n"
	"  if (s.generation === shown) return;\n"
	"  shown = s.generation;\n"
	"  drawHeader(s);\n"
	"  drawMessages(s);\n"
	"  drawParts(s);\n"
	"  setLive(true, 'live');\n"
	"}\n"
	"function setLive(on, text) {\n"
	"  const l = document.getElementById('live');\n"
	"  l.className = 'live ' + (on ? 'on' : 'off');\n"
	"  document.getElementById('live-text').textContent = text;\n"
	"}\n"
	"const events = new EventSource('events');\n"
	"events.addEventListener('update', refresh);\n"
	"events.addEventListener('building', () => setLive(true, 'rebuilding'));\n"
	"events.onopen = () => { setLive(true, 'live'); refresh(); };\n"
	"events.onerror = () => setLive(false, 'reconnecting');\n"
	"refresh();\n";

const char live_page_css[] =
	":root { --ink: #1d2330; --muted: #6b7280; --line: #e3e6ec; --paper: #f4f5f8; --card: #fff;\n"
	"  --error: #c2410c; --warning: #a16207; --note: #2563eb; --sound: #047857; --accent: #0072b2; }\n"
	"* { box-sizing: border-box; }\n"
	"body { margin: 0; font: 15px/1.45 Inter, system-ui, sans-serif; color: var(--ink); background: var(--paper); }\n"
	"header#top { position: sticky; top: 0; z-index: 2; display: flex; align-items: center; gap: 16px;\n"
	"  padding: 12px 28px; background: #fff; border-bottom: 1px solid var(--line); }\n"
	".brand { font-weight: 600; font-size: 17px; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis;\n"
	"  white-space: nowrap; }\n"
	".brand .logo { color: var(--accent); letter-spacing: .02em; margin-right: 6px; }\n"
	".verdict { font-weight: 700; padding: 4px 14px; border-radius: 999px; color: #fff; background: var(--muted); }\n"
	".verdict.sound { background: var(--sound); }\n"
	".verdict.broken { background: var(--warning); }\n"
	".verdict.invalid { background: var(--error); }\n"
	".counts { display: flex; gap: 8px; }\n"
	".count { font-size: 13px; padding: 3px 10px; border-radius: 6px; background: var(--paper); color: var(--muted); }\n"
	".count.error { background: #fdebe3; color: var(--error); font-weight: 600; }\n"
	".count.warning { background: #fbf3d8; color: var(--warning); font-weight: 600; }\n"
	".live { display: flex; align-items: center; gap: 6px; font-size: 13px; color: var(--muted); }\n"
	".live .dot { width: 9px; height: 9px; border-radius: 50%; background: #c4c8d0; }\n"
	".live.on .dot { background: #10b981; box-shadow: 0 0 0 3px #d1fae5; }\n"
	"main { padding: 20px 28px 8px; max-width: 1600px; margin: 0 auto; }\n"
	".panel { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 12px 18px; margin-bottom: 18px; }\n"
	".panel h2 { font-size: 14px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 2px 0 8px; }\n"
	"#messages { list-style: none; margin: 0; padding: 0; }\n"
	".msg { display: flex; gap: 10px; align-items: baseline; padding: 6px 0; border-top: 1px solid var(--line); }\n"
	".msg:first-child { border-top: 0; }\n"
	".msg .sev { flex: none; width: 64px; font-size: 12px; font-weight: 700; text-transform: uppercase; }\n"
	".msg.error .sev { color: var(--error); }\n"
	".msg.warning .sev { color: var(--warning); }\n"
	".msg.note .sev { color: var(--note); }\n"
	".msg .where { flex: none; font: 13px/1.45 'JetBrains Mono', ui-monospace, monospace; color: var(--accent); }\n"
	".msg a.where:hover { text-decoration: underline; }\n"
	".msg .text { min-width: 0; overflow-wrap: anywhere; }\n"
	"a { color: var(--accent); text-decoration: none; }\n"
	"summary { cursor: pointer; font-size: 14px; color: var(--muted); }\n"
	"#report { font: 13px/1.5 'JetBrains Mono', ui-monospace, monospace; margin: 10px 0 2px; white-space: pre-wrap; }\n"
	".part { margin: 26px 0 8px; }\n"
	".part h2 { display: flex; align-items: baseline; gap: 12px; font-size: 19px; margin: 0 0 12px; }\n"
	".part h2 .meta { font-size: 13px; font-weight: 400; color: var(--muted); }\n"
	".stale { margin: 0 0 12px; padding: 8px 12px; border-radius: 8px; background: #fdebe3; color: var(--error); font-size: 14px; }\n"
	".part.is-stale .grid { opacity: .55; }\n"
	".grid { display: flex; flex-wrap: wrap; gap: 22px 18px; align-items: flex-start; }\n"
	".item { margin: 0; display: flex; flex-direction: column; align-items: center; max-width: 100%; }\n"
	".item img { display: block; max-width: 100%; height: auto; background: #fff; border-radius: 4px;\n"
	"  box-shadow: 0 1px 2px rgba(16,24,40,.12), 0 3px 10px rgba(16,24,40,.08); }\n"
	".item figcaption { margin-top: 6px; font: 12px/1.3 'JetBrains Mono', ui-monospace, monospace; color: var(--muted); }\n"
	"footer { padding: 18px 28px 28px; color: var(--muted); font-size: 13px; text-align: center; }\n"
	"/* the source view */\n"
	".source { padding: 0 0 40px; }\n"
	".source h1 { font: 600 16px/1.4 'JetBrains Mono', ui-monospace, monospace; margin: 0; padding: 14px 28px;\n"
	"  background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; }\n"
	".lines { font: 13px/1.6 'JetBrains Mono', ui-monospace, monospace; margin: 0; padding: 12px 0; background: #fff; }\n"
	".line { display: flex; white-space: pre; scroll-margin-top: 30vh; font-variant-ligatures: none; }\n"
	".line .n { flex: none; width: 64px; padding-right: 14px; text-align: right; color: #a0a6b1; user-select: none; }\n"
	".line .code { flex: 1; padding-right: 28px; }\n"
	".line:target { background: #fff4c2; }\n"
	".line.has-error { background: #fdebe3; }\n"
	".line.has-warning { background: #fbf3d8; }\n"
	".line.has-error:target, .line.has-warning:target { outline: 2px solid var(--accent); outline-offset: -2px; }\n"
	".mark { display: block; margin: 0 28px 4px 78px; padding: 4px 10px; border-left: 3px solid var(--muted);\n"
	"  white-space: pre-wrap; font: 13px/1.45 Inter, system-ui, sans-serif; }\n"
	".mark.error { border-color: var(--error); color: var(--error); }\n"
	".mark.warning { border-color: var(--warning); color: var(--warning); }\n"
	".mark.note { border-color: var(--note); color: var(--note); }\n";

static void html_escaped(struct buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		case '\'': buf_puts(b, "&#39;"); break;
		case '\r': break;
		default:
			if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
				buf_puts(b, "\xef\xbf\xbd");   /* U+FFFD for a control character */
			else
				buf_add(b, s + i, 1);
		}
	}
}

/* The worst severity marked at line n ("error", "warning", or NULL). */
static const char *line_mark(const struct live_mark *marks, size_t nmarks, unsigned n)
{
	const char *worst = NULL;
	for (size_t i = 0; i < nmarks; i++)
		if (marks[i].line == n && (!worst || strcmp(marks[i].severity, "error") == 0))
			worst = marks[i].severity;
	return worst;
}

static void source_lines(struct buf *b, const char *text, size_t len, const struct live_mark *marks, size_t nmarks)
{
	unsigned n = 1;
	for (const char *p = text, *end = text + len; p < end || n == 1; n++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		const char *m = line_mark(marks, nmarks, n);
		buf_printf(b, "<div class=\"line%s%s\" id=\"L%u\"><a class=\"n\" href=\"#L%u\">%u</a><span class=\"code\">",
			   m ? " has-" : "", m ? m : "", n, n, n);
		html_escaped(b, p, (size_t)(eol - p));
		buf_puts(b, "</span></div>\n");
		for (size_t i = 0; i < nmarks; i++)
			if (marks[i].line == n) {
				buf_printf(b, "<div class=\"mark %s\">%s, column %u: ", marks[i].severity, marks[i].severity,
					   marks[i].col);
				html_escaped(b, marks[i].text, strlen(marks[i].text));
				buf_puts(b, "</div>\n");
			}
		if (!nl)
			break;
		p = nl + 1;
	}
}

char *live_page_source(const struct live_source *s, const struct live_mark *marks, size_t nmarks, size_t *len)
{
	struct buf b = {0};
	buf_puts(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
	html_escaped(&b, s->name, strlen(s->name));
	buf_puts(&b, "</title>\n<link rel=\"stylesheet\" href=\"../style.css\">\n</head>\n<body class=\"source\">\n<h1>");
	html_escaped(&b, s->name, strlen(s->name));
	buf_puts(&b, "</h1>\n<div class=\"lines\">\n");
	size_t n = 0;
	char *text = read_file(s->real, SOURCE_MAX, &n);
	if (text) {
		source_lines(&b, text, n, marks, nmarks);
	} else {
		buf_puts(&b, "<div class=\"mark error\">cannot read this file now: ");
		const char *why = file_strerror(errno);
		html_escaped(&b, why, strlen(why));
		buf_puts(&b, "</div>\n");
	}
	free(text);
	buf_puts(&b, "</div>\n</body>\n</html>\n");
	*len = b.len;
	return b.s;
}
