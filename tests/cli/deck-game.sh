# game: deck, any card game: the example (packs/examples/market-day, 20 cards
# from the 14 rows of a CSV with a count column) builds through every print path
# and preset, read back with poppler; check reports its structure only, with a
# verdict line and located errors; simulate and tune refuse it at its game:
# line; list lists the cards; `new --game deck --cards FILE.csv` starts a deck
# that builds, and refuses a bad CSV at its line.
. tests/cli/lib.sh
R="$RAILYARD"
EX=packs/examples/market-day/pack.yaml
TOP=$(pwd)
pages() { pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }'; }
size() { pdfinfo "$1" 2>/dev/null | awk '/^Page size:/ { print $3 "x" $5 }'; }

# --- the example at home: every file, read back
expect_status "build the example" 0 $R build -q -o "$WORK/h" $EX
H="$WORK/h/market-day"
expect_eq "faces.pdf: a page per card (20, the count column's copies)" 20 "$(pages "$H/faces.pdf")"
expect_eq "faces.pdf: poker with bleed (69.85 x 95.25 mm)" 198x270 "$(size "$H/faces.pdf")"
pdftotext -layout "$H/faces.pdf" "$WORK/faces.txt"
expect_eq "faces.pdf: Herring on its 2 copies" 2 "$(grep -c Herring "$WORK/faces.txt")"
expect_eq "faces.pdf: Tax Collector on its 2 copies" 2 "$(grep -c 'Tax Collector' "$WORK/faces.txt")"
expect_grep "faces.pdf: a card's text" "every other player" "$WORK/faces.txt"
expect_eq "back.pdf: one back" 1 "$(pages "$H/back.pdf")"
pdftotext "$H/back.pdf" "$WORK/back.txt"
expect_eq "back.pdf: the title once each way up" 2 "$(grep -c 'Market Day' "$WORK/back.txt")"
expect_eq "sheets-a4.pdf: 4 sheets of faces, each with its backs" 8 "$(pages "$H/sheets-a4.pdf")"
expect_eq "sheets-letter.pdf on letter" 612x792 "$(size "$H/sheets-letter.pdf")"
pdftotext "$H/reference.pdf" "$WORK/ref.txt"
expect_grep "reference.pdf: the deal" "2-4 players: 5 each" "$WORK/ref.txt"
expect_grep "reference.pdf: how to play (the pack's field)" "Refill the market to four" "$WORK/ref.txt"
expect_grep "reference.pdf: the group's count and its CSV" "14 different, from cards.csv" "$WORK/ref.txt"
# the page's middle: four of the pack's cards under THE CARDS, spread across
# it (a fish, a grain, a wool and a spice card; not the first four, all fish),
# between the components and how to play
expect_grep "reference.pdf: the cards' heading" "C A R D S" "$WORK/ref.txt"
expect_eq "reference.pdf: four cards drawn, one of each good" "Herring Oats Yarn Cinnamon" \
	"$(grep -oE 'Herring|Mackerel|Salmon|Oats|Yarn|Cinnamon' "$WORK/ref.txt" | tr '\n' ' ' | sed 's/ $//')"
expect_eq "svg/: a file per distinct face and the back" 15 "$(ls "$H/svg" | wc -l)"
expect_eq "png/: a file per distinct face and the back" 15 "$(ls "$H/png" | wc -l)"
ok_if "contact.png" test -s "$H/contact.png"
expect_eq "manifest.csv: 14 faces, 20 copies" "14 20" \
	"$(awk -F, 'NR > 1 { n++; c += $4 } END { print n, c }' "$H/manifest.csv")"
expect_status "--duplex short" 0 $R build -q --only sheets --paper a4 --duplex short -o "$WORK/s" $EX
expect_eq "... the same sheets" 8 "$(pages "$WORK/s/market-day/sheets-a4.pdf")"
expect_status "--colour cmyk" 0 $R build -q --colour cmyk --only faces -o "$WORK/k" $EX
expect_grep "... faces.pdf is PDF/X" "^PDF subtype: +PDF/X" "$(pdfinfo "$WORK/k/market-day/faces.pdf" >"$WORK/k.info"; echo "$WORK/k.info")"
expect_eq "... 20 pages" 20 "$(pages "$WORK/k/market-day/faces.pdf")"

# --- every preset
expect_status "--preset tgc" 0 $R build -q --preset tgc -o "$WORK/p" $EX
expect_eq "tgc: quantities.csv counts 20 cards" 20 \
	"$(awk -F, 'NR > 1 && $1 ~ /^png\/0/ { c += $2 } END { print c }' "$WORK/p/market-day.tgc/quantities.csv")"
expect_status "--preset mpc" 0 $R build -q --preset mpc -o "$WORK/p" $EX
expect_eq "mpc: a PNG per distinct face and the back" 15 "$(ls "$WORK/p/market-day.mpc/png" | wc -l)"
expect_status "--preset drivethru" 0 $R build -q --preset drivethru -o "$WORK/p" $EX
DT="$WORK/p/market-day.drivethru/drivethru.pdf"
expect_eq "drivethru.pdf: back and front of 20 cards" 40 "$(pages "$DT")"
expect_eq "drivethru.pdf: poker with bleed" 198x270 "$(size "$DT")"
pdftotext "$DT" "$WORK/dt.txt"
expect_grep "drivethru.pdf: the text survives the CMYK conversion" "[Cc]innamon" "$WORK/dt.txt"
expect_status "--preset press" 0 $R build -q --preset press -o "$WORK/p" $EX
expect_eq "press: faces.pdf, 20 pages" 20 "$(pages "$WORK/p/market-day.press/faces.pdf")"
expect_eq "press: the quick reference alone" 1 "$(pages "$WORK/p/market-day.press/quickref.pdf")"

# --- previewed: railyard serve shows the deck (its state over HTTP; the
# browser half is serve.sh's): the structure verdict and a picture a card
mkdir -p "$WORK/v"
cp packs/examples/market-day/* "$WORK/v/"
"$R" serve --port 0 "$WORK/v/pack.yaml" 2>"$WORK/serve.err" &
spid=$!
i=0
TENTHS=600
[ -n "${VALGRIND:-}" ] && TENTHS=6000
while ! grep -q "serve: built" "$WORK/serve.err" && [ $i -lt $TENTHS ] && kill -0 $spid 2>/dev/null; do
	sleep 0.1; i=$((i + 1))
done
URL=$(sed -n 's/^railyard: serving .* at \(http:[^ ]*\)$/\1/p' "$WORK/serve.err")
ok_if "serve the deck: $URL" test -n "$URL"
python3 - "$URL" >"$WORK/state.txt" 2>&1 <<'PY'
import json, sys, urllib.request
base = sys.argv[1]
s = json.load(urllib.request.urlopen(base + "state.json", timeout=20))
faces = [p for p in s["parts"] if p["name"] == "faces"][0]
print("verdict", s["verdict"], s["errors"], s["warnings"])
print("report", s["report"].strip())
print("faces", len(faces["items"]), faces["ok"])
print("labels", " ".join(sorted(set(i["label"] for i in faces["items"]))))
png = urllib.request.urlopen(base + faces["items"][0]["src"], timeout=20).read()
print("png", png[:8] == b"\x89PNG\r\n\x1a\n", len(png) > 10000)
PY
kill $spid 2>/dev/null; wait $spid 2>/dev/null
expect_grep "serve: the verdict, no message" "^verdict sound 0 0$" "$WORK/state.txt"
expect_grep "serve: check's structure report" "^report market-day: sound .structure only: game: deck has no rules engine.$" "$WORK/state.txt"
expect_grep "serve: a picture a card (the count column's 20) and the back" "^faces 21 True$" "$WORK/state.txt"
expect_grep "serve: the cards by name" "^labels .*Herring.*Tax Collector" "$WORK/state.txt"
expect_grep "serve: a face's picture is a PNG of a card" "^png True True$" "$WORK/state.txt"

# --- check: the structure only, one verdict line
expect_status "check the example" 0 $R check $EX
expect_eq "check: the verdict" "market-day: sound (structure only: game: deck has no rules engine)" \
	"$(tail -1 "$WORK/last.out")"
expect_grep "check: the counts" "20 components, 14 distinct faces, one back" "$WORK/last.out"
mkdir -p "$WORK/b"
cp packs/examples/market-day/* "$WORK/b/"
# a row whose count is no count, at its line of the CSV
sed 's/^Salmon,fish,3,\(.*\),1$/Salmon,fish,3,\1,three/' packs/examples/market-day/cards.csv >"$WORK/b/cards.csv"
expect_status "check: a bad count is bad input (exit 2)" 2 $R check "$WORK/b/pack.yaml"
expect_grep "... located at the row" "cards.csv:4:1: error: this row's count must be a whole number" "$WORK/last.err"
expect_eq "... and the verdict says so" "$WORK/b/pack.yaml: not sound: 1 error (structure only: game: deck has no rules engine)" \
	"$(tail -1 "$WORK/last.out")"
# a structural error of the pack, at its line and column
cp packs/examples/market-day/cards.csv "$WORK/b/cards.csv"
sed 's/^    rows: cards.csv.*/&\n    product: {colour: [red]}/' $EX >"$WORK/b/pack.yaml"
expect_status "check: rows and product in one entry (exit 2)" 2 $R check "$WORK/b/pack.yaml"
expect_grep "... at the rows: value" "pack.yaml:12:11: error: a 'cards' entry takes 'rows'" "$WORK/last.err"
# a field no card has: a warning, still sound; --strict makes it an error
sed 's/{text}/{flavour}/' packs/examples/market-day/face.yaml >"$WORK/b/face.yaml"
cp $EX "$WORK/b/pack.yaml"
expect_status "check: a face field no card has is a warning" 0 $R check "$WORK/b/pack.yaml"
expect_grep "... naming the field" "no field 'flavour'" "$WORK/last.err"
expect_grep "... and the verdict counts it" "market-day: sound, 1 warning" "$WORK/last.out"
expect_status "check --strict: the warning fails it (exit 1)" 1 $R check --strict "$WORK/b/pack.yaml"
# a template that is not there
sed 's/^back: back.yaml/back: nosuch.yaml/' $EX >"$WORK/b/pack.yaml"
expect_status "check: a missing back template (exit 2)" 2 $R check "$WORK/b/pack.yaml"
expect_grep "... at the pack's back: line" "pack.yaml:14:7: error:" "$WORK/last.err"
# a deck has no rules
printf 'rules:\n  rounds: 3\n' | cat $EX - >"$WORK/b/pack.yaml"
expect_status "check: rules: in a deck pack (exit 2)" 2 $R check "$WORK/b/pack.yaml"
expect_grep "... at the key" "pack.yaml:26:3: error: game: deck has no rules engine" "$WORK/last.err"

# the default face holds together at every size a pack may ask for
cp packs/examples/market-day/face.yaml "$WORK/b/face.yaml"
for z in mini square tarot; do
	sed "s/^game: deck/&\nsize: $z/" $EX >"$WORK/b/pack.yaml"
	expect_status "check at size $z: sound" 0 $R check -q "$WORK/b/pack.yaml"
	expect_eq "... no warning at $z" "" "$(grep -E 'warning|error' "$WORK/last.err")"
done

# --- simulate and tune: no rules engine, at the pack's game: line
for c in simulate tune; do
	expect_status "$c: refused (exit 2)" 2 $R $c $EX
	expect_grep "$c: located at game:, saying why" \
		"market-day/pack.yaml:9:7: error: game: deck has no rules engine, so there is nothing to $c" "$WORK/last.err"
done

# --- list: the cards
expect_status "list" 0 $R list $EX
expect_grep "list: each card with its copies" "^ +2  Herring$" "$WORK/last.out"
expect_grep "list: the group from its rows" "14 rows, a card a row; fields: name, kind, index, text" "$WORK/last.out"
expect_eq "list --cards: a line per distinct card" 14 "$($R list --cards $EX | wc -l)"

# --- new --game deck: from a CSV (its header names the fields), or a starter
cd "$WORK" || exit 2
printf 'question,answer,topic,count\nCapital of Peru?,Lima,Geography,2\nWho wrote Hamlet?,Shakespeare,Literature,1\nWhat is H2O?,Water,Science,1\n' >quiz.csv
expect_status "new --game deck --cards quiz.csv" 0 "$R" new -q --game deck --cards quiz.csv quiz
ok_if "... a pack, its face and back, the cards and a README" \
	test -s quiz/pack.yaml -a -s quiz/face.yaml -a -s quiz/back.yaml -a -s quiz/cards.csv -a -s quiz/README.md
expect_eq "... cards.csv is the CSV as given" "" "$(cmp quiz.csv quiz/cards.csv)"
expect_grep "... the face shows the CSV's text column" '"\{answer\}"' quiz/face.yaml
expect_grep "... and its kind column, a colour each" '^    "Geography": "#E69F00"$' quiz/face.yaml
expect_status "... it builds" 0 "$R" build -q --only faces quiz
expect_eq "... 4 cards (the count column)" 4 "$(pages out/quiz/faces.pdf)"
pdftotext out/quiz/faces.pdf quiz.txt
expect_grep "... the answer on the card" "Shakespeare" quiz.txt
tr -d ' ' <quiz.txt >quiz.joined
expect_grep "... the topic on its band (letter-spaced)" "Geography" quiz.joined
expect_status "... and checks sound" 0 "$R" check quiz
mkdir -p bin && ln -sf "$R" bin/railyard
grep '^    railyard ' quiz/README.md | sed 's/^    //' >quiz.cmds
expect_eq "... its README gives a check, a build and a list" 3 "$(grep -c '^railyard \(check\|build\|list\) ' quiz.cmds)"
while IFS= read -r cmd; do
	expect_status "... its README: $cmd" 0 env PATH="$WORK/bin:$PATH" sh -c "cd quiz && $cmd"
done <quiz.cmds
expect_status "new --game deck without a CSV: a starter" 0 "$R" new -q --game deck starter
expect_status "... that builds" 0 "$R" build -q --only faces starter
expect_eq "... 8 cards" 8 "$(pages out/starter/faces.pdf)"
# a bad CSV: refused at its line, nothing written
printf 'question,answer,topic\nCapital of Peru?,Lima,Geography\nWho wrote Hamlet?,Shakespeare\n' >bad.csv
expect_status "new: a row with a field missing (exit 2)" 2 "$R" new -q --game deck --cards bad.csv badquiz
expect_grep "... at its line" "bad.csv:3:1: error: this line has 2 fields; the header has 3" "$WORK/last.err"
ok_if "... and no folder" test ! -e badquiz
printf 'question,answer\nCapital of Peru?,Lima\nCapital of Peru?,Lima again\n' >dup.csv
expect_status "new: two cards of one name (exit 2)" 2 "$R" new -q --game deck --cards dup.csv dupquiz
expect_grep "... at the second" "dup.csv:3:1: error: a second card named 'Capital of Peru\?' \(the first is at line 2\)" "$WORK/last.err"
expect_status "new --cards without --game deck (exit 2)" 2 "$R" new -q --cards quiz.csv q2
expect_grep "... says to add it" "add --game deck" "$WORK/last.err"

# --- the components' spare cell (an odd number of them: the last row's second
# cell) holds the game's figure of play: Domino Trains' train of three tiles
# beside its one group, Toy Train's word beside its board; Take the Train's six
# groups leave none
spare() {
	expect_status "$1: the reference" 0 "$RAILYARD" build -q --only reference -o "$WORK/sp" "$TOP/packs/$1.yaml"
	pdftotext "$WORK/sp/$1/reference.pdf" "$WORK/sp.txt"
	expect_grep "$1: the spare cell's figure" "^$2 *\$" "$WORK/sp.txt"
}
spare domino-double-six "A train"
expect_grep "... its caption" "Touching halves match: 4 to 4, 5 to 5" "$WORK/sp.txt"
spare toy-train "A word"
expect_grep "... its caption" "Four letters or more: the Engine-Driver moves to the E" "$WORK/sp.txt"
