# The two commands a new user needs:
#   make demo  — install missing system libraries, build in release mode, run the default job
#   make test  — install missing system libraries, build, run every test, the report pages in
#                headless Chromium, the Slurm arrays, the project checks (architecture, public
#                API against the last release, manifest, layout, the Examples/CustomSelector
#                package), the fuzz corpus, the regression benchmark against
#                reports/baseline/metrics.csv and the docs' fast checks
# And for contributors: make format — lay out the Swift files as .swift-format says;
#                       make docs-check — every figure and command of README and docs/ against the tool.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_BIN = .build/release/orbitbench

.PHONY: demo test format fuzz system-deps

demo: system-deps
	$(SWIFT) build -c release --product orbitbench
	$(RELEASE_BIN) run

test: system-deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/build-tests.log
	@scripts/check-build-warnings.sh .build/build-tests.log
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) scripts/check-browser.sh
	SWIFT=$(SWIFT) scripts/check-slurm.sh
	scripts/check-architecture.py
	scripts/check-api.py
	scripts/check-manifest.sh
	scripts/check-format.sh
	scripts/check-example.sh
	.build/debug/fuzz-replay Fuzz/corpus Fuzz/regressions
	scripts/check-regress.sh
	ORBITBENCH=.build/debug/orbitbench scripts/check-docs.sh --fast

# The docs against the tool (release build): every generated block current, every command shown
# in README and docs/ run (scripts/check-docs.sh; make test runs its fast part). Blocks on the
# full BROAD trials need ORBITBENCH_BROAD_DATA=DIR. scripts/update-docs.sh rewrites stale blocks.
.PHONY: docs-check
docs-check: system-deps
	$(SWIFT) build -c release --product orbitbench
	$(SWIFT) build --product CustomSelector
	$(SWIFT) build --product custom-orbitbench
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
