# The outputs README.md quotes are what the commands print today: every
# "<!-- output: COMMAND -->" block is run and compared (tools/readme.py; `make readme`
# rewrites them after an intended change).
. tests/cli/lib.sh
if python3 tools/readme.py >"$WORK/readme.diff" 2>"$WORK/readme.err"; then
	echo "ok - every README output block matches its command"
else
	echo "not ok - every README output block matches its command"
	cat "$WORK/readme.diff" "$WORK/readme.err" >&2
fi
ok_if "README has its marked blocks" [ "$(grep -c '^<!-- output: ' README.md)" -ge 2 ]
