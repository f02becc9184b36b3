# Typos and usage: "did you mean" for commands, options, --rule keys and games;
# one usage line on a usage error; renamed options refused with their new name;
# -q on every command.
. tests/cli/lib.sh
P=packs/pattern-one-census-seven.yaml
expect_status "railyard biuld" 2 "$RAILYARD" biuld $P
expect_grep "... did you mean 'build'" "unknown command 'biuld' \(did you mean 'build'\?" "$WORK/last.err"
expect_status "railyard help lsit" 2 "$RAILYARD" help lsit
expect_grep "... did you mean 'list'" "did you mean 'list'" "$WORK/last.err"
expect_status "railyard build --onyl faces" 2 "$RAILYARD" build --onyl faces $P
expect_grep "... did you mean '--only'" "build: unknown option '--onyl' \(did you mean '--only'\?\)" "$WORK/last.err"
expect_eq "... two lines, not the whole usage" 2 "$(wc -l <"$WORK/last.err")"
expect_grep "... the usage line says where the rest is" "^usage: railyard build .*\(see 'railyard help build'\)$" "$WORK/last.err"
expect_status "railyard simulate --gmaes 10" 2 "$RAILYARD" simulate -n 2 --gmaes 10 $P
expect_grep "... did you mean '--games'" "did you mean '--games'" "$WORK/last.err"
expect_status "check of another game: the option nearest among its own" 2 \
	"$RAILYARD" check packs/take-the-train.yaml --lien "B6 BS" --hand B3
expect_grep "... did you mean '--line'" "did you mean '--line'" "$WORK/last.err"
expect_eq "... two lines" 2 "$(wc -l <"$WORK/last.err")"
expect_status "--rule aply-to=self" 2 "$RAILYARD" simulate -n 2 --rule aply-to=self $P
expect_grep "... did you mean 'apply-to'" "'aply-to' is not a rule of trains \(did you mean 'apply-to'\?\)" "$WORK/last.err"
expect_status "an option far from any: no guess" 2 "$RAILYARD" list --zzzzzzzz $P
expect_grep "... just unknown" "list: unknown option '--zzzzzzzz'$" "$WORK/last.err"

# renamed: the old spelling is refused with the new one
expect_status "build --cards (now --numbers)" 2 "$RAILYARD" build --cards 1-3 $P
expect_grep "... names --numbers" "unknown option '--cards': .*--numbers LIST" "$WORK/last.err"
expect_status "trains check --with (now --other)" 2 "$RAILYARD" check $P -s "7 6 5 4 3 2 1" --with "1 2 3 4 5 6 7" --apply AB
expect_grep "... names --other" "unknown option '--with': .*--other CARDS" "$WORK/last.err"
expect_status "train-52 check --on (now --top)" 2 "$RAILYARD" check packs/train-52.yaml --on 10 --play J
expect_grep "... names --top" "unknown option '--on': .*--top CARDS" "$WORK/last.err"
expect_status "--with still puts a group back" 0 "$RAILYARD" list --with transfer packs/take-the-train.yaml
expect_status "list --cards is still a flag" 0 "$RAILYARD" list --cards $P

# -q and --no-progress on every command
expect_status "list -q" 0 "$RAILYARD" list -q $P
expect_status "dump --quiet" 0 "$RAILYARD" dump --quiet $P
expect_status "check -q" 0 "$RAILYARD" check -q $P
expect_status "check -q, another game" 0 "$RAILYARD" check -q packs/domino-double-six.yaml
expect_status "simulate -q --no-progress" 0 "$RAILYARD" simulate -q --no-progress -n 2 --games 100 $P
expect_status "build -q --progress: -q wins where it comes later" 0 "$RAILYARD" build --progress -q --only faces -o "$WORK/b" $P
expect_eq "... nothing on stderr" "" "$(cat "$WORK/last.err")"
