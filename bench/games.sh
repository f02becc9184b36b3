# The other train games: time and peak memory of list, check and build on the
# shipped packs, the largest domino set railyard takes (double-30, 496 tiles) and a
# Toy Train word check against the whole wamerican list.
# Rows: WHAT  SECONDS  MAX-RSS-KB
R=$RAILYARD
B=out/bench/games
mkdir -p "$B"
row() { # row WHAT COMMAND...
	what=$1; shift
	/usr/bin/time -f "%e %M" -o "$B/time" "$@" >/dev/null 2>"$B/err"
	printf '%-44s %6s s %8s KB\n' "$what" $(cat "$B/time")
}
printf 'pack: d30\ngame: domino-trains\ntiles: {double: 30}\n' >"$B/d30.yaml"
row "list take-the-train" $R list packs/take-the-train.yaml
row "check domino double-twelve (91 tiles)" $R check packs/domino-double-twelve.yaml
row "check domino double-30 (496 tiles)" $R check "$B/d30.yaml"
row "check take-the-train, a 4-card run" $R check packs/take-the-train.yaml --line "B6 BS B7" --play "B8 FR B10 B11"
row "check train-52, a double sandwich" $R check packs/train-52.yaml --on 10 --play "J 4 4 J"
if [ -r /usr/share/dict/words ]; then
	row "check toy-train TONE (whole word list)" $R check packs/toy-train.yaml --word TONE
	row "check toy-train T??E?? (four wilds)" $R check packs/toy-train.yaml --word 'T??E??'
fi
for p in take-the-train domino-double-twelve train-52 toy-train; do
	row "build $p (faces+sheets)" $R build --only faces,sheets --paper a4 -o "$B/$p" packs/$p.yaml
done
row "build toy-train board" $R build --only board -o "$B/toy" packs/toy-train.yaml
