# tune loads its variants while a round plays them (issue 32): those loaded at
# once hold at most 64 MB (or are two per thread), so its memory does not grow
# with the space. A Toy Train pack of 99,000 locomotive faces weighs about 21
# MB a variant: tune over 12 of them peaks within 40 MB of tune over 6 (97 MB
# both; the old code held every variant: 136 and 252 MB), and races them all.
. tests/cli/lib.sh
sed -e 's/      number: \[1, 2\]/      number: {from: 1, to: 99000}/' -e "s#templates/#$PWD/templates/#" \
	packs/examples/tune/toy-train.yaml >"$WORK/big.yaml"
ok_if "the pack names 99,000 locomotives" grep -q "to: 99000" "$WORK/big.yaml"
# peak N: tune over N variants (equal but for their titles); its peak resident
# memory in KB. Under ASan, freed memory waits in a quarantine (256 MB): kept
# small here, or it would be counted as held.
peak() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=8" /usr/bin/time -f %M -o "$WORK/time.$1" \
		"$RAILYARD" tune "$WORK/big.yaml" --vary rules.min-letters=4 --vary "title=1..$1" --players 2 \
		--games 256 --threads 1 >"$WORK/out.$1" 2>"$WORK/err.$1"
	echo "$? $(tail -1 "$WORK/time.$1")"
}
set -- $(peak 6) $(peak 12)
expect_eq "tune over 6 and over 12 heavy variants exits 0" "0 0" "$1 $3"
if [ "$4" -lt $(($2 + 40960)) ]; then echo "ok - 12 variants peak within 40 MB of 6 ($4 KB, $2 KB)"
else echo "not ok - 12 variants peak within 40 MB of 6"; echo "  $4 KB against $2 KB" >&2; fi
expect_eq "... and every variant of the 12 is raced" 12 "$(grep -cE '^ *[0-9]+ +#[0-9]+ ' "$WORK/out.12")"
