# railyard: build, test, bench, install.
#   make            build ./railyard (release variant, build/release/)
#   make SAN=1      address + undefined sanitizer variant (build/san/railyard)
#   make TSAN=1     thread sanitizer variant (build/tsan/railyard; tests/tsan.sh)
#   make demo       build the default pack into out/
#   make test       unit, golden and CLI tests; ends with "N passed, N failed, N skipped"
#   make bench      speed and memory against a bare Cairo loop
#   make readme     rewrite the quoted outputs of README.md and docs/*.md (tests/cli/readme.sh checks them)
#   make readme-figures  rewrite the simulate figures of docs/*.md (tools/figures.sh)
#   make docs-images  the README's pictures of the cards (docs/*.png)
#   make fuzz       libFuzzer targets, FUZZ_TIME seconds each (fuzz/fuzz.mk)
#   make install    PREFIX=/usr/local DESTDIR=

PREFIX  ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0
# What gen/ includes, and only that (tests/cli/build-hygiene.sh); the unit tests add TEST_PKGS.
PKGS    := cairo cairo-pdf cairo-svg pangocairo yaml-0.1 libqpdf fontconfig librsvg-2.0 libdeflate lcms2 libxml-2.0 libmicrohttpd
TEST_PKGS := cmocka libpng

ifeq ($(SAN),1)
VARIANT := san
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT     := -O1 -g
# fontconfig leaks parts of its configuration; see tests/lsan.supp
export LSAN_OPTIONS := suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0
else ifeq ($(TSAN),1)
VARIANT := tsan
SANFLAGS := -fsanitize=thread -fno-omit-frame-pointer
OPT     := -O1 -g
# the libraries' own races (not built with TSan): see tests/tsan.supp
export TSAN_OPTIONS := suppressions=$(CURDIR)/tests/tsan.supp:halt_on_error=1:exitcode=66
else
VARIANT := release
SANFLAGS :=
OPT     := -O2 -g
endif

BUILD   := build/$(VARIANT)
CC      ?= cc
WARN    := -std=c11 -Wall -Wextra -pedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -Wwrite-strings -Wno-overlength-strings
# Run the dependency check once per make invocation, before pkg-config is asked:
# the packages to build, plus those of `make test` or `make bench` when asked for.
DEPS_MODE := $(or $(filter test bench,$(MAKECMDGOALS)),build)
DEPS_OK := $(shell tools/deps.sh $(firstword $(DEPS_MODE)) >&2 && echo yes)
ifneq ($(DEPS_OK),yes)
$(error missing build dependencies, see the message above)
endif
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))
# gen/ is one folder per layer and one per game (docs/INTERNALS.md); every
# folder is on the include path, so an include names a header, not its folder.
GEN_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard gen/*/*.[ch] gen/*/*/*.[ch]))))
CFLAGS  ?= $(OPT)
ALL_CFLAGS := $(WARN) $(CFLAGS) $(SANFLAGS) -D_POSIX_C_SOURCE=200809L \
              -DRAILYARD_VERSION='"$(VERSION)"' $(addprefix -I,$(GEN_DIRS)) $(PKG_CFLAGS) -MMD -MP
LDLIBS  := $(PKG_LIBS) -lm -lpthread

LIB_SRC := $(filter-out gen/cmd/main.c,$(wildcard gen/*/*.c gen/*/*/*.c))
LIB_OBJ := $(LIB_SRC:gen/%.c=$(BUILD)/gen/%.o)
MAIN_OBJ := $(BUILD)/gen/cmd/main.o
LIB     := $(BUILD)/librailyard.a
BIN     := $(BUILD)/railyard
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

# Keep the objects between builds (a unit test is linked from its object by a
# pattern chain); only those: a header that moved away (an old .d names it)
# must still make its includers rebuild, which it does not when every target
# is secondary.
.SECONDARY: $(LIB_OBJ) $(MAIN_OBJ) $(UNIT_BIN:=.o)
.PHONY: all demo test unit golden cli bench readme install uninstall clean fuzz FORCE readme-figures docs-images
all: $(BIN)
ifeq ($(VARIANT),release)
all: railyard
railyard: $(BIN)
	cp $(BIN) $@
endif

$(BUILD)/gen/%.o: gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# Only datapath.o knows PREFIX (its last-resort template folder); it is rebuilt
# whenever PREFIX differs from the previous build's ($(BUILD)/prefix).
$(BUILD)/gen/core/datapath.o: ALL_CFLAGS += -DTEMPLATE_DIR='"$(PREFIX)/share/railyard/templates"'
$(BUILD)/gen/core/datapath.o: $(BUILD)/prefix
$(BUILD)/prefix: FORCE
	@mkdir -p $(dir $@)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' >$@

$(LIB): $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BIN): $(MAIN_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(SANFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(shell pkg-config --cflags $(TEST_PKGS)) -c $< -o $@

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(LIB)
	$(CC) $(CFLAGS) $(SANFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(shell pkg-config --libs $(TEST_PKGS))

demo: all
	./railyard list packs/pattern-two-census-seven.yaml
	./railyard build packs/pattern-two-census-seven.yaml
	@echo "railyard: the cards are in out/pattern-two-census-seven/"

# The one test command: unit tests, golden cases, CLI scripts, one summary line.
test: $(BIN) $(UNIT_BIN)
	@RAILYARD=$(CURDIR)/$(BIN) UNIT_DIR=$(CURDIR)/$(BUILD)/tests sh tests/run.sh

# Rewrite the quoted outputs of README.md and docs/*.md from their commands (tools/readme.py).
readme: all
	RAILYARD=$(CURDIR)/railyard python3 tools/readme.py --update

bench: all
	@sh bench/run.sh

# The simulate figures of docs/*.md, rewritten from the code as it is (tools/figures.sh)
readme-figures: all
	RAILYARD=$(CURDIR)/railyard python3 tools/readme.py --update --figures

# The README's pictures of every game's cards (docs/*.png), from the default templates.
docs-images: all
	@sh tools/docs-images.sh

# bench/render.sh times the renderer against this bare Cairo + Pango loop (and libpng).
bench: $(BUILD)/bench/floor
$(BUILD)/bench/floor: bench/floor.c
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(PKG_CFLAGS) $(shell pkg-config --cflags libpng) $(LDFLAGS) -o $@ $< \
		$(LDLIBS) $(shell pkg-config --libs libpng)

# What `make install` puts under $(DESTDIR)$(PREFIX), relative paths; `make uninstall`
# removes exactly these (and the folders it made, when left empty).
SHARE     := share/railyard
TUNE      := packs/examples/tune
INST_DATA := $(addprefix $(SHARE)/,$(wildcard templates/*.yaml) $(wildcard packs/*.yaml) $(wildcard $(TUNE)/*.yaml))
INST_MAN  := $(patsubst man/%,share/man/man1/%,$(wildcard man/*.1)) \
             $(patsubst man/%,share/man/man5/%,$(wildcard man/*.5))
INST_COMP := share/bash-completion/completions/railyard
DOC       := share/doc/railyard
EXAMPLE   := packs/examples/signal-box
INST_DOC  := $(DOC)/README.md $(DOC)/LICENSE $(DOC)/NOTICE $(addprefix $(DOC)/,$(wildcard docs/*.md docs/*.png)) \
             $(patsubst packs/%,$(DOC)/%,$(wildcard $(EXAMPLE)/*.yaml $(EXAMPLE)/*.csv $(EXAMPLE)/art/*))
INST      := $(DESTDIR)$(PREFIX)

install: $(BIN)
	install -d $(INST)/bin $(INST)/$(SHARE)/templates $(INST)/$(SHARE)/$(TUNE) \
		$(INST)/share/man/man1 $(INST)/share/man/man5 $(dir $(INST)/$(INST_COMP)) \
		$(INST)/$(DOC)/docs $(INST)/$(DOC)/$(EXAMPLE:packs/%=%)/art
	install -m 755 $(BIN) $(INST)/bin/railyard
	install -m 644 $(wildcard templates/*.yaml) $(INST)/$(SHARE)/templates/
	install -m 644 $(wildcard packs/*.yaml) $(INST)/$(SHARE)/packs/
	install -m 644 $(wildcard $(TUNE)/*.yaml) $(INST)/$(SHARE)/$(TUNE)/
	$(if $(wildcard man/*.1),install -m 644 $(wildcard man/*.1) $(INST)/share/man/man1/)
	$(if $(wildcard man/*.5),install -m 644 $(wildcard man/*.5) $(INST)/share/man/man5/)
	$(if $(wildcard completion/railyard),install -m 644 completion/railyard $(INST)/$(INST_COMP))
	install -m 644 README.md LICENSE NOTICE $(INST)/$(DOC)/
	install -m 644 $(wildcard docs/*.md docs/*.png) $(INST)/$(DOC)/docs/
	install -m 644 $(wildcard $(EXAMPLE)/*.yaml $(EXAMPLE)/*.csv) $(INST)/$(DOC)/$(EXAMPLE:packs/%=%)/
	install -m 644 $(wildcard $(EXAMPLE)/art/*) $(INST)/$(DOC)/$(EXAMPLE:packs/%=%)/art/

uninstall:
	rm -f $(INST)/bin/railyard $(addprefix $(INST)/,$(INST_DATA) $(INST_MAN) $(INST_COMP) $(INST_DOC))
	-rmdir $(INST)/$(SHARE)/templates $(INST)/$(SHARE)/$(TUNE) $(INST)/$(SHARE)/packs/examples \
		$(INST)/$(SHARE)/packs $(INST)/$(SHARE) \
		$(INST)/$(DOC)/$(EXAMPLE:packs/%=%)/art $(INST)/$(DOC)/$(EXAMPLE:packs/%=%) \
		$(INST)/$(DOC)/examples $(INST)/$(DOC)/docs $(INST)/$(DOC) 2>/dev/null

clean:
	rm -rf build railyard

include fuzz/fuzz.mk

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(UNIT_BIN:=.d)
