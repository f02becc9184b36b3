# fuzz.mk: libFuzzer targets (included by the Makefile).
#   make fuzz               build every fuzz/fuzz_NAME.c and run each FUZZ_TIME seconds
#   make fuzz FUZZ_TIME=600 FUZZ_TARGETS=pack
#   make fuzz-build         build them only (build/fuzz/fuzz_NAME)
# A target is one file fuzz/fuzz_NAME.c defining LLVMFuzzerTestOneInput; its seeds
# are fuzz/corpus/NAME/ plus every YAML file of packs/, templates/ and tests/, and
# fuzz/regress/NAME/ holds inputs that once crashed (each is replayed first).
FUZZ_CC     ?= clang
FUZZ_TIME   ?= 60
FUZZ_BUILD  := build/fuzz
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := $(WARN) -g -O1 $(FUZZ_SAN) -fsanitize=fuzzer-no-link -D_POSIX_C_SOURCE=200809L \
               -DRAILYARD_VERSION='"$(VERSION)"' $(addprefix -I,$(GEN_DIRS)) $(PKG_CFLAGS) -MMD -MP
# A target whose first line says "needs: FILE" is built only once FILE exists (a
# target written for a module that has not reached this branch yet).
FUZZ_READY  := $(shell for f in fuzz/fuzz_*.c; do n=$$(sed -n '1s/.*needs: *\([^ ]*\).*/\1/p' "$$f"); \
               { [ -z "$$n" ] || [ -e "$$n" ]; } && echo "$$f"; done)
FUZZ_ALL    := $(patsubst fuzz/fuzz_%.c,%,$(FUZZ_READY))
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_OBJ    := $(LIB_SRC:gen/%.c=$(FUZZ_BUILD)/gen/%.o)
FUZZ_LIB    := $(FUZZ_BUILD)/librailyard.a
FUZZ_BIN    := $(FUZZ_ALL:%=$(FUZZ_BUILD)/fuzz_%)

.PHONY: fuzz fuzz-build
$(FUZZ_BUILD)/gen/%.o: gen/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_LIB): $(FUZZ_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_LIB)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB) $(LDLIBS)

fuzz-build: $(FUZZ_BIN)

fuzz: fuzz-build
	@FUZZ_TIME=$(FUZZ_TIME) sh fuzz/run.sh $(FUZZ_TARGETS)

-include $(FUZZ_OBJ:.o=.d)
