#!/bin/sh
# Regenerate the README's pictures in docs/ (make docs-images): each shipped
# game's cards as cut (trim size, rounded corners), side by side with a back, from
# the default templates. Faces come from faces.pdf through pdftoppm; a back is
# drawn by a copy of the pack whose faces are its back template; rows are put
# together by rsvg-convert. Reruns are byte-identical.
set -eu
R=${RAILYARD:-./railyard}
W=build/docs
rm -rf "$W"
mkdir -p "$W" docs
DPI=100

# crop PDF PAGE W_MM H_MM BLEED_MM OUT.png: one page at DPI without its bleed
crop() {
	px() { awk -v mm="$1" -v dpi=$DPI 'BEGIN { printf "%d", mm / 25.4 * dpi + 0.5 }'; }
	pdftoppm -r $DPI -png -singlefile -f "$2" -l "$2" -x "$(px "$5")" -y "$(px "$5")" \
		-W "$(px "$3")" -H "$(px "$4")" "$1" "${6%.png}"
}

# build_into DIR ARGS...: railyard build into DIR itself (-o names the parent of PACK/)
build_into() {
	out=$1
	shift
	rm -rf "$out.p" "$out"
	"$R" build -o "$out.p" "$@" && mv "$out.p"/* "$out" && rm -rf "$out.p" # and the set's lock file
}

# backs PACK NAME: build PACK with every face replaced by its back template (the
# appearance's shapes and symbols dropped: a back draws none, and a pack whose
# templates draw no shape is refused)
backs() {
	back=$(sed -n 's/^back: *//p' "$1")
	back=${back:-templates/trains-back.yaml}
	sed -e "/^tokens:/,/^[a-z]/!s#^\( *\)face: .*#\1face: ../../$back#" -e "s#^back: .*#back: ../../$back#" \
		-e "s#^\(setup\|placemat\): .*##" -e "s#^\(pack: .*\)#\1-back#" -e "s#, shape: [a-z]*}#}#" \
		-e "s#symbol: \"[^\"]*\", ##" "$1" >"$W/$2-back.yaml"
	grep -q '^game: trains' "$1" && echo "face: ../../$back" >>"$W/$2-back.yaml"
	build_into "$W/$2-back" --only faces "$W/$2-back.yaml" >/dev/null 2>&1 || true
}

# row OUT.png HEIGHT_PX RADIUS_MM W_MM IMG...: images side by side on a light ground
row() {
	out=$1 h=$2 r=$3 wmm=$4
	shift 4
	svg=$W/$(basename "$out" .png).svg
	x=12
	body=""
	for f in "$@"; do
		# the PNG's width and height: big-endian at bytes 16 and 20
		iw=$(od -An -tu1 -j16 -N8 "$f" | awk -v h="$h" '{
			w = (($1 * 256 + $2) * 256 + $3) * 256 + $4; ih = (($5 * 256 + $6) * 256 + $7) * 256 + $8
			printf "%d", w * h / ih }')
		rr=$(awk -v r="$r" -v w="$wmm" -v iw="$iw" 'BEGIN { printf "%.1f", r * iw / w }')
		body="$body<clipPath id='c$x'><rect x='$x' y='12' width='$iw' height='$h' rx='$rr'/></clipPath>"
		body="$body<rect x='$((x + 2))' y='15' width='$iw' height='$h' rx='$rr' fill='#00000022'/>"
		body="$body<image x='$x' y='12' width='$iw' height='$h' href='$(basename "$f")' clip-path='url(#c$x)'/>"
		x=$((x + iw + 14))
	done
	printf "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d'><rect width='100%%' height='100%%' fill='#E9E4D8'/>%s</svg>\n" \
		$((x - 2)) $((h + 26)) "$body" >"$svg"
	rsvg-convert "$svg" -o "$out"
}

# --- Game of Trains: pattern two and the 3x3 grid, a back, the placemat, the reference
build_into "$W/p2" --only faces,placemat,reference,svg packs/pattern-two-census-seven.yaml >/dev/null
build_into "$W/g9" --only faces packs/grid-census-nine.yaml >/dev/null
backs packs/pattern-two-census-seven.yaml p2
for p in 2 9 29 84; do crop "$W/p2/faces.pdf" $p 63.5 88.9 3.175 "$W/p2-$p.png"; done
for p in 19 25; do crop "$W/g9/faces.pdf" $p 63.5 88.9 3.175 "$W/g9-$p.png"; done
crop "$W/p2-back/faces.pdf" 1 63.5 88.9 3.175 "$W/p2-back.png"
row docs/trains.png 240 3 63.5 "$W/p2-2.png" "$W/p2-9.png" "$W/p2-29.png" "$W/p2-84.png" \
	"$W/g9-19.png" "$W/g9-25.png" "$W/p2-back.png"
rsvg-convert -w 1000 -b '#FBF7EE' "$W/p2/svg/placemat.svg" -o docs/trains-placemat.png
pdftoppm -r 60 -png -singlefile "$W/p2/reference.pdf" docs/trains-reference

# --- Take the Train
build_into "$W/tt" --only faces,tokens --with transfer packs/take-the-train.yaml >/dev/null
backs packs/take-the-train.yaml tt
for p in 6 21 31 44 49 53 55 57; do crop "$W/tt/faces.pdf" $p 63.5 88.9 3.175 "$W/tt-$p.png"; done
crop "$W/tt-back/faces.pdf" 1 63.5 88.9 3.175 "$W/tt-back.png"
row docs/take-the-train.png 220 3 63.5 "$W/tt-6.png" "$W/tt-21.png" "$W/tt-31.png" "$W/tt-44.png" \
	"$W/tt-49.png" "$W/tt-53.png" "$W/tt-55.png" "$W/tt-57.png" "$W/tt-back.png"

# --- Train (52 cards)
build_into "$W/t52" --only faces,setup packs/train-52.yaml >/dev/null
backs packs/train-52.yaml t52
for p in 27 32 39 1 19 52; do crop "$W/t52/faces.pdf" $p 63.5 88.9 3.175 "$W/t52-$p.png"; done
crop "$W/t52-back/faces.pdf" 1 63.5 88.9 3.175 "$W/t52-back.png"
row docs/train-52.png 240 3 63.5 "$W/t52-27.png" "$W/t52-32.png" "$W/t52-39.png" "$W/t52-1.png" \
	"$W/t52-19.png" "$W/t52-52.png" "$W/t52-back.png"

# --- Domino Trains (double-twelve: pips on every half, coloured by count)
build_into "$W/d12" --only faces packs/domino-double-twelve.yaml >/dev/null
backs packs/domino-double-twelve.yaml d12
for p in 1 8 30 60 77 91; do crop "$W/d12/faces.pdf" $p 24 48 3.175 "$W/d12-$p.png"; done
crop "$W/d12-back/faces.pdf" 1 24 48 3.175 "$W/d12-back.png"
row docs/dominoes.png 200 2 24 "$W/d12-1.png" "$W/d12-8.png" "$W/d12-30.png" "$W/d12-60.png" \
	"$W/d12-77.png" "$W/d12-91.png" "$W/d12-back.png"

# --- Toy Train: carriages, their back and the board
build_into "$W/toy" --only faces,svg packs/toy-train.yaml >/dev/null
for p in 1 20 45 70 100 125; do crop "$W/toy/faces.pdf" $p 28 28 3.175 "$W/toy-$p.png"; done
crop "$W/toy/back.pdf" 1 28 28 3.175 "$W/toy-back.png"
row docs/toy-train.png 110 2 28 "$W/toy-1.png" "$W/toy-20.png" "$W/toy-45.png" "$W/toy-70.png" \
	"$W/toy-100.png" "$W/toy-125.png" "$W/toy-back.png"
rsvg-convert -w 700 "$W/toy/svg/board.svg" -o docs/toy-train-board.png

# --- the other games' reference pages (Take the Train's shows the language)
build_into "$W/ttref" --only reference packs/take-the-train.yaml >/dev/null
pdftoppm -r 60 -png -singlefile "$W/ttref/reference.pdf" docs/take-the-train-reference

ls -l docs/*.png | awk '{ print $5, $NF }'
