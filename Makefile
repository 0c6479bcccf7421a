# The two commands a new user needs:
#   make demo  — install missing system libraries, build in release mode, run the default job
#   make test  — install missing system libraries, build once (release, testing enabled), run
#                every test, the report pages in headless Chromium, the Slurm arrays, the
#                project checks (architecture, public API against the last release, manifest,
#                layout, the Examples/CustomSelector package), the fuzz corpus, the regression
#                benchmark against reports/baseline/metrics.csv and the docs' fast checks
# And for contributors: make format — lay out the Swift files as .swift-format says;
#                       make docs-check — every figure and command of README and docs/ against the tool.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_BIN = .build/release/orbitbench
# The project's optimised build (scripts/release-flags, read by the scripts that build too):
# without debug info, which costs build time on the serial chain of modules and serves no
# check (crash reports still name functions). Cross-module optimisation stays on: without it a
# rephoto study and a sweep run measurably slower (docs/performance.md).
RELEASE_FLAGS := $(shell cat scripts/release-flags)
# make test builds once, optimised and with testing enabled (@testable imports): the tests, the
# report pages, the Slurm arrays, the regression benchmark and the docs' commands all run that
# build, and a debug build would make them several times slower than the optimised build costs.
# It has a folder of its own, so that make demo's build (no testing) and it never rebuild each other.
TEST_CONFIGURATION = --scratch-path .build/test $(RELEASE_FLAGS) -Xswiftc -enable-testing
TEST_BIN = .build/test/release

.PHONY: demo test format fuzz system-deps

demo: system-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product orbitbench
	$(RELEASE_BIN) run

test: system-deps
	@mkdir -p .build
	$(SWIFT) build $(TEST_CONFIGURATION) --build-tests 2>&1 | tee .build/build-tests.log
	@scripts/check-build-warnings.sh .build/build-tests.log
	$(SWIFT) test $(TEST_CONFIGURATION) --skip-build
	SWIFT=$(SWIFT) ORBITBENCH=$(TEST_BIN)/orbitbench scripts/check-browser.sh
	SWIFT=$(SWIFT) ORBITBENCH=$(TEST_BIN)/orbitbench scripts/check-slurm.sh
	scripts/check-architecture.py
	scripts/check-api.py --build $(TEST_BIN)
	scripts/check-manifest.sh
	scripts/check-format.sh
	EXAMPLE_BIN=$(TEST_BIN) scripts/check-example.sh
	$(TEST_BIN)/fuzz-replay Fuzz/corpus Fuzz/regressions
	ORBITBENCH=$(TEST_BIN)/orbitbench scripts/check-regress.sh
	ORBITBENCH=$(TEST_BIN)/orbitbench scripts/check-docs.sh --fast

# The docs against the tool (release build): every generated block current, every command shown
# in README and docs/ run (scripts/check-docs.sh; make test runs its fast part). Blocks on the
# full BROAD trials need ORBITBENCH_BROAD_DATA=DIR. scripts/update-docs.sh rewrites stale blocks.
.PHONY: docs-check
docs-check: system-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product orbitbench
	$(SWIFT) build $(RELEASE_FLAGS) --product CustomSelector
	$(SWIFT) build $(RELEASE_FLAGS) --product custom-orbitbench
	ORBITBENCH=$(RELEASE_BIN) scripts/check-docs.sh

# libFuzzer with AddressSanitizer over every reader (FUZZ_SECONDS per target, default 60);
# findings land in Fuzz/regressions/, which make test replays.
fuzz:
	scripts/fuzz.sh

# Lays out every Swift file as .swift-format says (make test checks it).
format:
	$(SWIFT) format -i -r --configuration .swift-format Sources Tests Plugins Fuzz/Sources Fuzz/Package.swift Examples/CustomSelector/Sources Examples/CustomSelector/Package.swift Package.swift

system-deps:
	@scripts/install-system-deps.sh
