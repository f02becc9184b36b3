# railyard serve: the live preview. Over HTTP (python3): only the address with
# the token is served, read-only, on loopback; in real headless Chromium
# (tests/browser/serve.js, playwright-core pinned in tests/browser/, installed
# by npm ci into build/browser): the page shows every item, follows an edit
# within seconds, shows a broken pack's located error beside the last good
# pictures, and recovers. A template edit redraws only the part that reads it.
# Seen failing on planted bugs: the token unchecked (a wrong token served),
# serve_event sending nothing (the event stream and 5 page checks), errors left
# out of the state, the last good pictures dropped by a failed build, every part
# rebuilt for a face template edit, 0.0.0.0 as the default address.
. tests/cli/lib.sh
D="$WORK/p"
mkdir -p "$D" "$WORK/shots" "$WORK/tmp"
sed '/^players:/a face: face.yaml' packs/pattern-one-census-six.yaml >"$D/pack.yaml"
cp templates/trains-face.yaml "$D/face.yaml"

expect_status "serve --help" 0 "$RAILYARD" serve --help
expect_grep "... names --listen" "--listen ADDR:PORT" "$WORK/last.out"
expect_status "serve --port takes a port, not an address" 2 "$RAILYARD" serve --port 0.0.0.0:80 "$D/pack.yaml"
expect_status "serve --listen takes ADDR:PORT" 2 "$RAILYARD" serve --listen 0.0.0.0 "$D/pack.yaml"
expect_status "serve: a missing pack" 2 "$RAILYARD" serve "$D/nothing.yaml"

# Tenths of a second to wait for serve's first build: more under valgrind.
TENTHS=600
[ -n "${VALGRIND:-}" ] && TENTHS=6000
# start LOG ARGS...: railyard serve in the background; URL is set once it prints its address.
start() {
	log=$1; shift
	TMPDIR="$WORK/tmp" "$RAILYARD" serve "$@" 2>"$log" &
	spid=$!
	URL=""
	i=0
	while [ -z "$URL" ] && [ $i -lt $TENTHS ] && kill -0 $spid 2>/dev/null; do
		sleep 0.1
		URL=$(sed -n 's/^railyard: serving .* at \(http:[^ ]*\)$/\1/p' "$log")
		i=$((i + 1))
	done
}
start "$WORK/serve.err" --port 0 "$D/pack.yaml"
ok_if "serve prints its address: $URL" test -n "$URL"
TOKEN=$(echo "$URL" | sed 's|^http://[^/]*/\([^/]*\)/$|\1|')
ROOT=$(echo "$URL" | sed 's|^\(http://[^/]*\)/.*|\1|')
PORT=${ROOT##*:}
ok_if "... with a token of at least 128 bits (32 hex digits)" sh -c 'echo "$1" | grep -Eq "^[0-9a-f]{32,}$"' _ "$TOKEN"

# code URL [METHOD]: the HTTP status of a request
code() {
	python3 - "$1" "${2:-GET}" <<'PY'
import sys, urllib.request, urllib.error
req = urllib.request.Request(sys.argv[1], method=sys.argv[2])
try:
    with urllib.request.urlopen(req, timeout=20) as r:
        print(r.status)
except urllib.error.HTTPError as e:
    print(e.code)
except Exception as e:
    print("failed:", e)
PY
}
i=0
while ! grep -q "serve: built" "$WORK/serve.err" && [ $i -lt $TENTHS ]; do sleep 0.1; i=$((i + 1)); done
expect_eq "the page" 200 "$(code "$URL")"
expect_eq "... its state" 200 "$(code "${URL}state.json")"
expect_eq "... a picture" 200 "$(code "${URL}img/faces/0.png")"
expect_eq "... the pack as numbered lines" 200 "$(code "${URL}src/0")"
expect_eq "no token: refused" 403 "$(code "$ROOT/")"
expect_eq "no token, a page's path: refused" 403 "$(code "$ROOT/state.json")"
WRONG=$(echo "$TOKEN" | tr '0-9a-f' '1-9a-f0')
expect_eq "a wrong token of the same length: refused" 403 "$(code "$ROOT/$WRONG/state.json")"
expect_eq "the token's first half: refused" 403 "$(code "$ROOT/$(echo "$TOKEN" | cut -c1-16)/")"
expect_eq "a path the preview does not have: 404" 404 "$(code "${URL}etc/passwd")"
expect_eq "a path out of the preview: 404" 404 "$(code "${URL}..%2f..%2fetc%2fpasswd")"
expect_eq "a source the pack does not name: 404" 404 "$(code "${URL}src/99")"
expect_eq "a picture that is not there: 404" 404 "$(code "${URL}img/faces/100000.png")"
expect_eq "read-only: POST refused" 405 "$(code "$URL" POST)"
expect_eq "read-only: PUT refused" 405 "$(code "${URL}state.json" PUT)"
# Listening on loopback only: the socket's local address in /proc/net/tcp.
hex=$(printf '%04X' "$PORT")
expect_eq "it listens on 127.0.0.1 only" "0100007F:$hex" \
	"$(awk -v p=":$hex" '$4 == "0A" && substr($2, length($2) - 4) == p { print $2 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null | sort -u | tr '\n' ' ' | sed 's/ $//')"

# The event stream without a browser: its first event, then a save's two.
python3 - "${URL}events" "$D/face.yaml" "$TENTHS" >"$WORK/events.txt" 2>&1 <<'PY'
import sys, time, urllib.request
url, face, tenths = sys.argv[1], sys.argv[2], int(sys.argv[3])
end = time.monotonic() + tenths / 10   # (a keep-alive comment comes every 15 s)
with urllib.request.urlopen(url, timeout=tenths / 10) as r:
    print(r.headers.get('Content-Type'))
    seen = []
    for line in r:
        if time.monotonic() > end:
            break
        line = line.decode().strip()
        if line.startswith('event: '):
            seen.append(line)
            print(line)
            if len(seen) == 1:
                with open(face, 'a') as f:
                    f.write('# a comment: the faces are drawn again, the same\n')
            if line == 'event: update' and len(seen) > 1:
                break
PY
expect_eq "the event stream: an update on connecting, then building and update after a save" \
	"text/event-stream; charset=utf-8
event: update
event: building
event: update" "$(cat "$WORK/events.txt")"

# The browser: Chromium and Node.js with playwright-core. Skipped (with a
# message) only outside CI when they are missing; tools/deps.sh test installs them.
browser() {
	B="$TOP/build/browser"
	if ! cmp -s tests/browser/package-lock.json "$B/package-lock.json" || [ ! -d "$B/node_modules/playwright-core" ]; then
		# the system's certificates (ca-certificates), which hold a site's own
		# authority when its network has one, where npm's bundled list does not
		ca=""
		[ -r /etc/ssl/certs/ca-certificates.crt ] && ca=--cafile=/etc/ssl/certs/ca-certificates.crt
		rm -rf "$B" && mkdir -p "$B" && cp tests/browser/package.json tests/browser/package-lock.json "$B/" &&
			(cd "$B" && npm ci --ignore-scripts --no-audit --no-fund $ca >"$WORK/npm.log" 2>&1) ||
			{ echo "not ok - npm ci of tests/browser (playwright-core)"; sed 's/^/  /' "$WORK/npm.log" >&2; return; }
	fi
	# a sanitizer build runs about ten times slower: more time for each change
	case $RAILYARD in */san/*|*/tsan/*) export SERVE_LIMIT=30;; esac
	NODE_PATH="$B/node_modules" node tests/browser/serve.js "$URL" "$D" "${SERVE_SHOTS:-$WORK/shots}" \
		>"$WORK/browser.out" 2>"$WORK/browser.err"
	st=$?
	cat "$WORK/browser.out"
	sed 's/^/  /' "$WORK/browser.err" >&2
	expect_eq "the browser test ran to its end (node $(node --version 2>/dev/null), exit 0, 18 checks)" "0 18" \
		"$st $(grep -c '^\(not \)\?ok - ' "$WORK/browser.out")"
}
if [ -n "${VALGRIND:-}" ]; then
	echo "ok - the browser test # SKIP under valgrind (a rebuild takes a minute; its timings are the test)"
elif [ -x /usr/bin/chromium ] && command -v node >/dev/null && command -v npm >/dev/null; then
	browser
elif [ -n "${CI:-}" ]; then
	echo "not ok - Chromium, Node.js and npm are installed in CI (tools/deps.sh test)"
else
	echo "ok - the browser test # SKIP: no /usr/bin/chromium, node or npm (tools/deps.sh test installs them)"
fi

kill -TERM $spid
wait $spid
expect_eq "SIGTERM: a clean end (exit 0)" 0 $?
expect_grep "... said so" "^railyard: serve: stopped$" "$WORK/serve.err"
expect_grep "each rebuild says what changed and what was rebuilt" "face.yaml changed: rebuilt faces in [0-9.]+ s" "$WORK/serve.err"
ok_if "a face template edit rebuilt the faces only (not the check, placemat or reference)" \
	sh -c '! grep "face.yaml changed" "$1" | grep -Eq "rebuilt [^:]*(check|placemat|reference)[^:]* in "' _ "$WORK/serve.err"
sed -n 's/^railyard: serve: \(.*\)$/# \1/p' "$WORK/serve.err"
expect_eq "... its temporary folder removed" "" "$(ls "$WORK/tmp")"

# --listen with an address that is not loopback: said loudly.
start "$WORK/any.err" -q --listen 0.0.0.0:0 "$D/pack.yaml"
kill -TERM $spid 2>/dev/null
wait $spid
expect_grep "--listen 0.0.0.0: a warning that the page leaves this machine" "warning: serve: listening on 0.0.0.0, not a loopback address" "$WORK/any.err"
